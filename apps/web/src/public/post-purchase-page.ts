/** Issue 26: a post-purchase step's first script, a chunk of its own (no React); see main.tsx. */
export { startPostPurchasePage } from '../features/funnel'
