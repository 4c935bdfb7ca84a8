/**
 * The settings feature's public entry: what the app and other features may use of it (a lint rule
 * keeps them out of the rest). The CRM webhook's cards (features/webhooks) sit on the Settings
 * screen, read and save their part of the store settings, and are laid out as its cards. Screens
 * are loaders, so each stays a chunk of its own.
 */
export { useStoreSettings } from './api/get-store-settings'
export { useUpdateStoreSettings } from './api/update-store-settings'
export { FormActions } from './components/form-actions'
export { SectionQuery } from './components/section-query'
export { SettingsSection } from './components/settings-section'

export const settingsPages = {
  settings: () => import('./pages/settings-page'),
  thankYouStripe: () => import('./pages/thank-you-stripe-page'),
}
