/** Decision D34's words on a one-click offer; React's view and the page's first script share them (issue 26). */
export const postPurchaseTexts = {
  banner: 'Wait! Add this to your order with one click',
  accept: (price: string) => `Yes, add it — ${price}`,
  decline: 'No thanks',
  added: (headline: string) => `Added to your order: ${headline}`,
  next: 'Continue',
  /** Where the buyer is among the steps they see at most (a step's downsell is the same step). */
  progress: (step: number, count: number) => `Step ${step} of ${count}`,
} as const

/**
 * How long a newly shown offer's buttons stay disabled, counted again from each tap on them
 * (offer-pause.ts): the next step's "Yes" appears where the last one was, and a buyer's extra taps
 * on a phone would otherwise buy an offer they never saw (browser reviews: three taps 150 ms apart
 * bought step 2 with no pause; taps 0.1-0.7 s apart did with a fixed 700 ms one). A second is less
 * than reading the new offer's headline and price takes.
 */
export const newOfferPauseMs = 1000
