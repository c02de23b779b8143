// The public account pages, loaded as one chunk: they share the forms, zod rules and layout.
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { SignUpPage } from './signup-page';
export { EmailVerificationErrorPage, EmailVerifiedPage, SamlSuccessPage } from './verification-result-pages';
export { VerifyEmailPage } from './verify-email-page';
