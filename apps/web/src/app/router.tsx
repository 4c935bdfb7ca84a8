import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageLoading } from '../components/page-loading'
import { paths } from '../config/paths'
import { authPages } from '../features/auth'
import { dashboardPages } from '../features/dashboard'
import { funnelPages } from '../features/funnel'
import { miscPages } from '../features/misc'
import { offerPages } from '../features/offers'
import { reportPages } from '../features/reports'
import { settingsPages } from '../features/settings'
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
      { path: paths.thankYouPurchase.path, lazy: page(funnelPages.thankYouPurchase) },
      { path: paths.freeOfferPublic.path, lazy: page(funnelPages.freeOffer) },
      {
        // Everything of the dashboard: only on the dashboard's origin (decision D23). A tiny
        // guard, loaded with the router so it adds no round trip before the log-in screen.
        Component: DashboardOriginRoute,
        children: [
          {
            lazy: page(() => import('./guards/public-only-route')),
            children: [{ path: paths.login.path, lazy: page(authPages.login) }],
          },
          { path: paths.signUp.path, lazy: page(authPages.signUp) },
          { path: paths.forgotPassword.path, lazy: page(authPages.forgotPassword) },
          { path: paths.resetPassword.path, lazy: page(authPages.resetPassword) },
          { path: paths.thankYouStripe.path, lazy: page(settingsPages.thankYouStripe) },
          {
            lazy: page(() => import('./guards/private-route')),
            children: [
              { path: paths.upsellOfferPreview.path, lazy: page(funnelPages.upsellOfferPreview) },
              {
                path: paths.dashboard.root.path,
                lazy: page(dashboardPages.layout),
                children: [
                  { index: true, lazy: page(dashboardPages.index) },
                  { path: paths.dashboard.freeOffers.path, lazy: page(offerPages.freeOffers) },
                  { path: paths.dashboard.bumpOffers.path, lazy: page(offerPages.bumpOffers) },
                  { path: paths.dashboard.upsellOffers.path, lazy: page(offerPages.upsellOffers) },
                  { path: paths.dashboard.addFreeOffer.path, lazy: page(offerPages.freeOfferForm) },
                  { path: paths.dashboard.editFreeOffer.path, lazy: page(offerPages.freeOfferForm) },
                  { path: paths.dashboard.addBumpOffer.path, lazy: page(offerPages.bumpOfferForm) },
                  { path: paths.dashboard.editBumpOffer.path, lazy: page(offerPages.bumpOfferForm) },
                  {
                    path: paths.dashboard.addUpsellOffer.path,
                    lazy: page(offerPages.upsellOfferForm),
                  },
                  {
                    path: paths.dashboard.editUpsellOffer.path,
                    lazy: page(offerPages.upsellOfferForm),
                  },
                  { path: paths.dashboard.splitTest.path, lazy: page(offerPages.splitTest) },
                  { path: paths.dashboard.leads.path, lazy: page(reportPages.leads) },
                  { path: paths.dashboard.orders.path, lazy: page(reportPages.orders) },
                  { path: paths.dashboard.order.path, lazy: page(reportPages.order) },
                  { path: paths.dashboard.settings.path, lazy: page(settingsPages.settings) },
                  { path: paths.dashboard.account.path, lazy: page(authPages.account) },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.notFound.path, lazy: page(miscPages.notFound) },
      { path: '*', lazy: page(miscPages.notFound) },
    ],
  },
]

export const router = createBrowserRouter(routes)
