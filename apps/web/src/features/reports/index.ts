/**
 * The reports feature's public entry: its screens as loaders, so each stays a chunk of its own (a
 * lint rule keeps others out of the rest).
 */
export const reportPages = {
  leads: () => import('./pages/leads-page'),
  orders: () => import('./pages/orders-page'),
  order: () => import('./pages/order-page'),
}
