/**
 * The settings feature's public entry: what other features may use of it. The CRM webhook's
 * cards (features/webhooks) sit on the Settings screen, read and save their part of the store
 * settings, and are laid out as its cards.
 */
export { useStoreSettings } from './api/get-store-settings'
export { useUpdateStoreSettings } from './api/update-store-settings'
export { FormActions } from './components/form-actions'
export { SectionQuery } from './components/section-query'
export { SettingsSection } from './components/settings-section'
