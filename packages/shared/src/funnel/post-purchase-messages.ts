// Without zod: the public offer page imports these texts, and its first chunk must stay small (issue 11).
/**
 * Decision D34: one-click offers after the payment. A free offer has up to 3 steps, each an OTO
 * offer of the same seller with an optional downsell (another OTO offer) shown when it is declined.
 */
export const maxAfterPurchaseSteps = 3

/**
 * The exact consent line of D34, under the Pay button of an offer with after-purchase steps. A
 * constant of its own: the offer page's script needs only this line, not every message below.
 */
export const postPurchaseConsent = 'Your card will be saved so that you can add offers on the next pages with one click.'

export const postPurchaseMessages = {
  consent: postPurchaseConsent,
  tooManySteps: `Add at most ${maxAfterPurchaseSteps} steps after the purchase.`,
  malformedSteps: 'Send the steps as a JSON array of {upsell_offer_id, downsell_offer_id}.',
  chooseStepOffer: 'Choose one of your OTO offers for each step.',
  /** A buyer who took an offer would be offered it again, and could pay for it twice. */
  repeatedStepOffer:
    'Use each OTO offer once: the steps after the purchase, their downsells and the OTO before the payment must all be different offers.',
  unpricedStepOffer: (headline: string) => `The OTO offer "${headline}" has no price above 0. Give it a price before adding it.`,
  expired: 'This offer has expired. The add-on was not charged. Your first order stands.',
  notCharged: 'The add-on was not charged. Your first order stands.',
  /** A refused one-click charge: which offer and why (the reason in plain words, from the server), then `notCharged`. */
  notAdded: (headline: string, reason: string) =>
    `“${headline}” was not added: ${reason}. The add-on was not charged. Your first order stands.`,
  authenticationFailed: 'Your bank did not confirm this payment. The add-on was not charged. Your first order stands.',
  notThisStep: 'This offer is not the one on screen any more. Please reload the page.',
  notFound: 'There is no offer after this order.',
} as const
