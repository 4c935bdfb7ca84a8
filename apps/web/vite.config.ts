import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000'

/** React itself: one file, shared by the dashboard and the public pages. */
const reactModules = /\/node_modules\/(react|react-dom|scheduler)\//
/**
 * What the public pages' script is made of, in one file of its own (issue 11): every response
 * costs headers and a request on a phone. The funnel's dashboard-only files (they use TanStack
 * Query, MUI or zod) the parts loaded on demand, and the entry itself (the dashboard
 * must never run it) stay out.
 */
const publicModules =
  /\/src\/(public\/|features\/funnel\/(components|hooks|lib|api|styles)\/|lib\/(api-error|toast-duration|token-storage)\.ts|config\/paths\.ts)|\/packages\/shared\/src\/(money-format|currency-table|messages|offers\/image-variants|funnel\/(visitor-details-rules|public-page))\.ts/
const notPublic =
  /(public\/main\.tsx|live-offer|draft-offer-preview|load-failed|get-free-offer|get-bump-offer|get-upsell-offer|inlined-offer|upsell-view|upsell-video|video-embed|stripe-payment-form|load-stripe|\.test\.)/

function manualChunks(id: string): string | undefined {
  if (reactModules.test(id)) return 'react'
  if (publicModules.test(id) && !notPublic.test(id)) return 'public-pages'
  return undefined
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
      output: { manualChunks },
    },
  },
})
