/**
 * The signed-out area, one chunk loaded on its first page (router.tsx): signing in and up, passwords,
 * e-mail verification, magic links, the OAuth consent screen and the device page.
 */
export { MagicLinkError } from '../pages/magic-link/MagicLinkError';
export { MagicLinkLanding } from '../pages/magic-link/MagicLinkLanding';
export { Consent } from '../pages/oauth/Consent';
export { Device } from '../pages/oauth/Device';
export { ForgotPassword } from '../pages/password/ForgotPassword';
export { ResetPassword } from '../pages/password/ResetPassword';
export { SignIn } from '../pages/sign-in/SignIn';
export { SignUp } from '../pages/sign-up/SignUp';
export { VerifyEmail } from '../pages/VerifyEmail';
