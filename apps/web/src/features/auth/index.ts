/**
 * The auth feature's public entry: what the app and other features may use of it (a lint rule
 * keeps them out of the rest). Screens are loaders, so each stays a chunk of its own.
 */
export { AuthProvider } from './components/auth-provider'

export const authPages = {
  login: () => import('./pages/login-page'),
  signUp: () => import('./pages/sign-up-page'),
  forgotPassword: () => import('./pages/forgot-password-page'),
  resetPassword: () => import('./pages/reset-password-page'),
  /** The dashboard's Account page: password, log-out everywhere, two-factor. */
  account: () => import('./pages/account-page'),
}
