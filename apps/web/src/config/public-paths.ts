/** Adds query parameters to a path; empty values are left out. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value)
  const search = query.toString()
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
}

/**
 * The public funnel's URLs, part of `paths` (paths.ts). Apart so that the offer page's script
 * carries these few and not every dashboard URL (issue 11's JavaScript budget).
 */
export const publicPaths = {
  thankYouStripe: { path: '/thank-you-stripe', href: () => '/thank-you-stripe' },
  thankYouPurchase: {
    path: '/thank-you-purchase',
    /** `order` is the order's thank-you reference (never its id), for the summary of what was bought. */
    href: (type: 'free-offer' | 'oto-offer', order?: string) => withQuery('/thank-you-purchase', { type, order }),
  },
  freeOfferPublic: {
    path: '/free-offer/:id?',
    href: (id?: string, options: { preview?: boolean } = {}) =>
      `/free-offer${id ? `/${id}` : ''}${options.preview ? '?isPreview=true' : ''}`,
  },
  upsellOfferPreview: { path: '/oto-offer/:id', href: (id: string) => `/oto-offer/${id}` },
  notFound: { path: '/404', href: () => '/404' },
} as const
