/** Every URL of the app in one place. `href` builds a link; `path` is the router pattern. */
export const paths = {
  login: { path: '/', href: () => '/' },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  thankYouStripe: { path: '/thank-you-stripe', href: () => '/thank-you-stripe' },
  thankYouPurchase: {
    path: '/thank-you-purchase',
    href: (type: 'free-offer' | 'oto-offer') => `/thank-you-purchase?type=${type}`,
  },
  freeOfferPublic: {
    path: '/free-offer/:id?',
    href: (id?: string, options: { preview?: boolean } = {}) =>
      `/free-offer${id ? `/${id}` : ''}${options.preview ? '?isPreview=true' : ''}`,
  },
  otoOfferPreview: { path: '/oto-offer/:id', href: (id: string) => `/oto-offer/${id}` },
  notFound: { path: '/404', href: () => '/404' },
  dashboard: {
    root: { path: '/dashboard', href: () => '/dashboard' },
    freeOffers: {
      path: '/dashboard/free-offers',
      href: (page?: number) => `/dashboard/free-offers${page && page > 1 ? `?page=${page}` : ''}`,
    },
    bumpOffers: {
      path: '/dashboard/bump-offers',
      href: (page?: number) => `/dashboard/bump-offers${page && page > 1 ? `?page=${page}` : ''}`,
    },
    otoOffers: {
      path: '/dashboard/oto-offers',
      href: (page?: number) => `/dashboard/oto-offers${page && page > 1 ? `?page=${page}` : ''}`,
    },
    addFreeOffer: { path: '/dashboard/add-free-offer', href: () => '/dashboard/add-free-offer' },
    editFreeOffer: { path: '/dashboard/edit-free-offer/:id', href: (id: string) => `/dashboard/edit-free-offer/${id}` },
    addBumpOffer: { path: '/dashboard/add-bump-offer', href: () => '/dashboard/add-bump-offer' },
    editBumpOffer: { path: '/dashboard/edit-bump-offer/:id', href: (id: string) => `/dashboard/edit-bump-offer/${id}` },
    addOtoOffer: { path: '/dashboard/add-oto-offer', href: () => '/dashboard/add-oto-offer' },
    editOtoOffer: { path: '/dashboard/edit-oto-offer/:id', href: (id: string) => `/dashboard/edit-oto-offer/${id}` },
    settings: { path: '/dashboard/settings', href: () => '/dashboard/settings' },
  },
} as const
