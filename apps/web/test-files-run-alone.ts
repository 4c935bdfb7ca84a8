/**
 * Web test files that run in a fresh module graph and page of their own (Vitest's `isolate`, the
 * `web-isolated` project); every other web file shares its worker's with the files before it
 * (`isolate: false`, about twice as fast: decision 0018). These read state that lives for a page
 * load in the product (pixels already started, a view already counted, the consent answer, the
 * last control touched, styles and toasts left in <head> and <body>, lazily imported screens, a
 * `vi.mock` an earlier importer bypasses), which a shared page would carry from one file to the next.
 */
export const testFilesRunAlone = [
  'src/components/card-image.test.tsx',
  'src/features/funnel/lib/funnel-toast.test.ts',
  'src/features/funnel/lib/inlined-offer.test.ts',
  'src/features/funnel/pages/free-offer-page-views.test.tsx',
  'src/features/funnel/tracking/consent.test.ts',
  'src/features/funnel/tracking/thank-you-tracking.test.tsx',
  'src/features/misc/pages/not-found-page.test.tsx',
  'src/public/first-script.test.tsx',
  'src/public/public-page.test.tsx',
  'src/features/funnel/components/payment/stripe-payment-form.test.tsx',
]
