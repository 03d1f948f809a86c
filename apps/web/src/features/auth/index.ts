export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { SignupPage } from './signup-page';
