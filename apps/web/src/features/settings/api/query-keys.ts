/** The settings screen's query keys. Store and domain settings are per seller, so a new log-in never sees the last one's. */
export const settingsKeys = {
  all: ['settings'] as const,
  store: (userId: string) => [...settingsKeys.all, 'store', userId] as const,
  domain: (userId: string) => [...settingsKeys.all, 'domain', userId] as const,
  pixels: () => [...settingsKeys.all, 'pixels'] as const,
  paymentAccountStatus: () => [...settingsKeys.all, 'payment-account-status'] as const,
}
