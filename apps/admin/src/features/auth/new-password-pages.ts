// Pages that choose a new password: their own chunk, since the password rules carry the common-password
// list (~15 kB gzip) that sign-in never needs.
export { ResetPasswordPage } from './reset-password-page';
export { SignUpPage } from './signup-page';
