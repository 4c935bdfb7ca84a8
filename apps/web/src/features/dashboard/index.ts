/**
 * The dashboard feature's public entry: the frame around every dashboard screen and its index
 * screen, as loaders so each stays a chunk of its own (a lint rule keeps others out of the rest).
 */
export const dashboardPages = {
  layout: () => import('./components/dashboard-layout'),
  index: () => import('./pages/dashboard-index'),
}
