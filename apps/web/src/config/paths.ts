import type { OrderStatus } from '@funnelry/shared'
import { publicPaths, withQuery } from './public-paths'

export { withQuery }

/**
 * Query parameters of the free offer form's 'Add New' round trip: the BUMP or OTO add screen is
 * opened with `returnTo` (the add or edit free offer page) and, once saved, goes back there with
 * `selectBump` or `selectUpsell` naming the new offer.
 */
export const offerReturnParams = { returnTo: 'returnTo', selectBump: 'selectBump', selectUpsell: 'selectUpsell' } as const

type OfferSelection = { selectBump?: string; selectUpsell?: string }

/** Every URL of the app in one place (the public funnel's in public-paths.ts). `href` builds a link; `path` is the router pattern. */
export const paths = {
  login: { path: '/', href: () => '/' },
  signUp: { path: '/sign-up', href: () => '/sign-up' },
  /** Decision D32: asks for a reset link (the log-in's email carried along when typed). */
  forgotPassword: { path: '/forgot-password', href: (email?: string) => withQuery('/forgot-password', { email }) },
  /** The reset email's link: `PUBLIC_URL/reset-password?token=…`. */
  resetPassword: { path: '/reset-password', href: (token: string) => withQuery('/reset-password', { token }) },
  ...publicPaths,
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
    upsellOffers: {
      path: '/dashboard/oto-offers',
      href: (page?: number) => `/dashboard/oto-offers${page && page > 1 ? `?page=${page}` : ''}`,
    },
    addFreeOffer: {
      path: '/dashboard/add-free-offer',
      href: (select: OfferSelection = {}) => withQuery('/dashboard/add-free-offer', select),
    },
    editFreeOffer: {
      path: '/dashboard/edit-free-offer/:id',
      href: (id: string, select: OfferSelection = {}) => withQuery(`/dashboard/edit-free-offer/${id}`, select),
    },
    addBumpOffer: {
      path: '/dashboard/add-bump-offer',
      href: (returnTo?: string) => withQuery('/dashboard/add-bump-offer', { [offerReturnParams.returnTo]: returnTo }),
    },
    editBumpOffer: { path: '/dashboard/edit-bump-offer/:id', href: (id: string) => `/dashboard/edit-bump-offer/${id}` },
    addUpsellOffer: {
      path: '/dashboard/add-oto-offer',
      href: (returnTo?: string) => withQuery('/dashboard/add-oto-offer', { [offerReturnParams.returnTo]: returnTo }),
    },
    editUpsellOffer: { path: '/dashboard/edit-oto-offer/:id', href: (id: string) => `/dashboard/edit-oto-offer/${id}` },
    /** Issue 27: a free offer's split test (start one, its results, the winner). */
    splitTest: { path: '/dashboard/split-test/:id', href: (id: string) => `/dashboard/split-test/${id}` },
    settings: { path: '/dashboard/settings', href: () => '/dashboard/settings' },
    account: { path: '/dashboard/account', href: () => '/dashboard/account' },
    /** The leads table; `free_offer` opens it filtered to one offer. */
    leads: { path: '/dashboard/leads', href: (filters: { free_offer?: string } = {}) => withQuery('/dashboard/leads', filters) },
    orders: {
      path: '/dashboard/orders',
      href: (filters: { free_offer?: string; status?: OrderStatus } = {}) => withQuery('/dashboard/orders', filters),
    },
    /** One order with its lines, where the seller refunds them (decision D35). */
    order: { path: '/dashboard/orders/:id', href: (id: string) => `/dashboard/orders/${id}` },
  },
} as const
