/**
 * The misc feature's public entry: its screen as a loader, so it stays a chunk of its own (a lint
 * rule keeps others out of the rest).
 */
export const miscPages = {
  notFound: () => import('./pages/not-found-page'),
}
