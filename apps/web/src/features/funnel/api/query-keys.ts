/** The funnel's query keys (the previews' BUMP and upsell are the offers feature's, shared with its edit screens). */
export const funnelKeys = {
  all: ['funnel'] as const,
  /** The public read of a free offer, without auth: not the owner's answer, so not the offers feature's key. */
  freeOffer: (id: string) => [...funnelKeys.all, 'free-offer', id] as const,
}
