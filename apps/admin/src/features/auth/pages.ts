// The public account pages, loaded as one chunk: they share the forms, zod rules and layout. Pages
// that set a new password are in new-password-pages.ts.
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { SamlSuccessPage } from './saml-success-page';
export { EmailVerificationErrorPage, EmailVerifiedPage } from './verification-result-pages';
export { VerifyEmailPage } from './verify-email-page';
