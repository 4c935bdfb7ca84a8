/**
 * The settings feature's public entry: what the app may use of it (a lint rule keeps the rest out).
 * Screens are loaders, so each stays a chunk of its own.
 */
export const settingsPages = {
  settings: () => import('./pages/settings-page'),
  thankYouStripe: () => import('./pages/thank-you-stripe-page'),
}
