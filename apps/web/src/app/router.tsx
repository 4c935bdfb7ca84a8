import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageLoading } from '../components/page-loading'
import { paths } from '../config/paths'
import DashboardOriginRoute from './guards/dashboard-origin-route'
import { RouteError } from './route-error'

/**
 * Every screen is loaded on demand: a visitor of a public offer page downloads none of the
 * dashboard, and a seller none of the funnel until they preview it.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default })

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.thankYouPurchase.path, lazy: page(() => import('../features/funnel/pages/thank-you-purchase-page')) },
      { path: paths.freeOfferPublic.path, lazy: page(() => import('../features/funnel/pages/free-offer-page')) },
      {
        // Everything of the dashboard: only on the dashboard's origin (decision D23). A tiny
        // guard, loaded with the router so it adds no round trip before the log-in screen.
        Component: DashboardOriginRoute,
        children: [
          {
            lazy: page(() => import('./guards/public-only-route')),
            children: [{ path: paths.login.path, lazy: page(() => import('../features/auth/pages/login-page')) }],
          },
          { path: paths.signUp.path, lazy: page(() => import('../features/auth/pages/sign-up-page')) },
          { path: paths.thankYouStripe.path, lazy: page(() => import('../features/settings/pages/thank-you-stripe-page')) },
          {
            lazy: page(() => import('./guards/private-route')),
            children: [
              { path: paths.upsellOfferPreview.path, lazy: page(() => import('../features/funnel/pages/upsell-offer-preview-page')) },
              {
                path: paths.dashboard.root.path,
                lazy: page(() => import('../features/dashboard/components/dashboard-layout')),
                children: [
                  { index: true, lazy: page(() => import('../features/dashboard/pages/dashboard-index')) },
                  { path: paths.dashboard.freeOffers.path, lazy: page(() => import('../features/offers/pages/free-offers-page')) },
                  { path: paths.dashboard.bumpOffers.path, lazy: page(() => import('../features/offers/pages/bump-offers-page')) },
                  { path: paths.dashboard.upsellOffers.path, lazy: page(() => import('../features/offers/pages/upsell-offers-page')) },
                  { path: paths.dashboard.addFreeOffer.path, lazy: page(() => import('../features/offers/pages/free-offer-form-page')) },
                  { path: paths.dashboard.editFreeOffer.path, lazy: page(() => import('../features/offers/pages/free-offer-form-page')) },
                  { path: paths.dashboard.addBumpOffer.path, lazy: page(() => import('../features/offers/pages/bump-offer-form-page')) },
                  { path: paths.dashboard.editBumpOffer.path, lazy: page(() => import('../features/offers/pages/bump-offer-form-page')) },
                  {
                    path: paths.dashboard.addUpsellOffer.path,
                    lazy: page(() => import('../features/offers/pages/upsell-offer-form-page')),
                  },
                  {
                    path: paths.dashboard.editUpsellOffer.path,
                    lazy: page(() => import('../features/offers/pages/upsell-offer-form-page')),
                  },
                  { path: paths.dashboard.leads.path, lazy: page(() => import('../features/reports/pages/leads-page')) },
                  { path: paths.dashboard.orders.path, lazy: page(() => import('../features/reports/pages/orders-page')) },
                  { path: paths.dashboard.settings.path, lazy: page(() => import('../features/settings/pages/settings-page')) },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.notFound.path, lazy: page(() => import('../features/misc/pages/not-found-page')) },
      { path: '*', lazy: page(() => import('../features/misc/pages/not-found-page')) },
    ],
  },
]

export const router = createBrowserRouter(routes)
