import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000'

/** React itself: one file, shared by the dashboard and the public pages. */
const reactModules = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/
/**
 * The rest of the offer page's React side in one file (issue 11): every response costs a request
 * and its headers on a phone. Left out: the entries, what the first script runs before React
 * (pixels, the view count), the funnel's dashboard-only files (TanStack Query, MUI, zod) and what
 * loads on demand (the upsell view, the Stripe form).
 */
const publicModules =
  /[\\/]src[\\/](public[\\/](hydrate|hydrate-offer)\.tsx|features[\\/]funnel[\\/](components|hooks|lib|api|styles)[\\/]|lib[\\/]toast-duration|config[\\/]paths)|[\\/]packages[\\/]shared[\\/]src[\\/](money-format|currency-table|messages|offers[\\/]image-variants|funnel[\\/]visitor-details-rules)\.ts/
const notPublic =
  /(page-view-once|seller-pixels|inject-pixels|count-page-view|public-request|thank-you|order-receipt|live-offer|draft-offer-preview|load-failed|get-free-offer|get-bump-offer|get-upsell-offer|inlined-offer|upsell-view|upsell-video|video-embed|stripe-payment-form|load-stripe|\.test\.)/

const codeSplitting = {
  groups: [
    { name: 'react', test: reactModules },
    { name: 'offer-page', test: (id: string) => publicModules.test(id) && !notPublic.test(id), includeDependenciesRecursively: false },
  ],
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API runs apart (npm run dev); in production one process serves both.
    proxy: { '/api': apiOrigin, '/media': apiOrigin },
  },
  build: {
    // No source maps: the public must not download our sources (issue 11), and the build stays small.
    sourcemap: false,
    target: 'es2022',
    // The server reads which files the public pages' script needs (apps/api/src/plugins/public-pages.ts).
    manifest: true,
    rollupOptions: {
      // Two entries: the dashboard app, and the public pages' own small script (issue 11).
      input: { app: 'index.html', public: 'src/public/main.tsx' },
      output: { codeSplitting },
    },
  },
})
