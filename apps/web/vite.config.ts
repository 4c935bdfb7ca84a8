import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000'

/** React itself: one file, shared by the dashboard and the public pages. */
const reactModules = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/
/**
 * What the public pages' first script (src/public/main.tsx) runs before React, in one file beside
 * the entry: the view count, the checkout memory a reload reads, the paid visit Back reads, the pixels' starter and the small
 * event queue the funnel's hooks and the pixels' chunk share, the request helper, and the bundler's
 * import helpers. Left to the bundler they became seven files of a few hundred bytes each, every
 * one a request with its headers at load and for the offer page's React (issue 11's goals).
 */
const firstScriptModules =
  /[\\/]src[\\/](features[\\/]funnel[\\/](lib[\\/](checkout-memory|paid-visit|page-view-once|public-request)|api[\\/]count-page-view|tracking[\\/](start-seller-tracking|event-queue|funnel-events|platform-calls))\.ts|lib[\\/]api-error\.ts)|[\\/]packages[\\/]shared[\\/]src[\\/]funnel[\\/](public-page|utm-fields)\.ts|vite[\\/]preload-helper|rolldown[\\/]runtime/
/**
 * The rest of the offer page's React side in one file (issue 11): every response costs a request
 * and its headers on a phone. Left out: the entries, what the first script runs (above), the
 * funnel's dashboard-only files (TanStack Query, MUI, zod), what loads on demand (the upsell view,
 * the Stripe form) and the thank-you page's own code (its receipt, branding and one-click
 * post-purchase steps): grouped here, the offer page downloaded them with the details open.
 */
const publicModules =
  /[\\/]src[\\/](public[\\/](hydrate|hydrate-offer)\.tsx|features[\\/]funnel[\\/](components|hooks|lib|api|styles)[\\/]|features[\\/]funnel[\\/]tracking[\\/]use-(seller|checkout)-tracking\.ts|lib[\\/](toast-duration|toast-placement)|config[\\/]public-paths)|[\\/]packages[\\/]shared[\\/]src[\\/](money-format|currency-table|messages|offers[\\/]image-variants|funnel[\\/](visitor-details-rules|post-purchase-messages))\.ts/
const notPublic =
  /(page-view-once|checkout-memory|paid-visit\.|seller-pixels|inject-pixels|count-page-view|public-request|thank-you|order-receipt|receipt-branding|post-purchase-view|use-post-purchase|post-purchase-authentication|api[\\/]post-purchase|local-challenge|live-offer|draft-offer-preview|load-failed|get-free-offer|get-bump-offer|get-upsell-offer|inlined-offer|upsell-view|upsell-video|video-embed|stripe-payment-form|load-stripe|\.test\.)/

/**
 * Issue 26: what a post-purchase step's first script runs (no React), in a file of its own that the
 * offer page's file imports too: were they in that file, the step would download the offer page's
 * React side to answer a press.
 */
const postPurchasePageModules =
  /[\\/](post-purchase-first-script|post-purchase-texts|offer-pause|sent-events|funnel-toast|toast-duration|toast-placement|purchase-event|get-order-receipt|thank-you-tracking|live-public-page|money-format|currency-table|image-variants)\.ts$/

const codeSplitting = {
  groups: [
    { name: 'react', test: reactModules },
    { name: 'first-script', test: firstScriptModules, includeDependenciesRecursively: false },
    { name: 'post-purchase-page', test: postPurchasePageModules, includeDependenciesRecursively: false },
    { name: 'offer-page', test: (id: string) => publicModules.test(id) && !notPublic.test(id), includeDependenciesRecursively: false },
  ],
}

/**
 * Fails the build when the public pages' first script would load React with the page (issue 11):
 * a module it imports that the groups above leave out of `first-script` lands in the offer page's
 * file, and the entry then imports that file and React statically (it happened once: 77 KB of
 * JavaScript at load where 6 KB was the figure, seen only by the Lighthouse bench).
 */
function publicEntryWithoutReact(): Plugin {
  return {
    name: 'public-entry-without-react',
    generateBundle(_options, bundle) {
      // The public entry, and the post-purchase step's script (a press there must not wait for React).
      const starts = Object.values(bundle).filter(
        (output) => output.type === 'chunk' && ((output.isEntry && output.name === 'public') || output.name === 'post-purchase-page'),
      )
      for (const entry of starts) {
        if (entry.type !== 'chunk') continue
        const loaded = new Set<string>()
        const visit = (file: string) => {
          const chunk = bundle[file]
          if (loaded.has(file) || chunk?.type !== 'chunk') return
          loaded.add(file)
          for (const imported of chunk.imports) visit(imported)
        }
        for (const imported of entry.imports) visit(imported)
        const withReact = [...loaded].filter((file) => {
          const chunk = bundle[file]
          return chunk?.type === 'chunk' && chunk.moduleIds.some((id) => reactModules.test(id))
        })
        if (withReact.length > 0)
          this.error(
            `${entry.fileName} imports React at load through ${[...loaded].join(', ')}: add the module it needs to firstScriptModules or postPurchasePageModules`,
          )
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), publicEntryWithoutReact()],
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
