import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000'

/**
 * React itself in one file, shared by the dashboard and the public pages. (Grouping the public
 * pages' other modules too pulled them, and React, into the first script: left to the bundler.)
 */
const reactModules = /\/node_modules\/(react|react-dom|scheduler)\//
function manualChunks(id: string): string | undefined {
  return reactModules.test(id) ? 'react' : undefined
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
