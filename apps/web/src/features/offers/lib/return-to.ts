/**
 * Where a BUMP or OTO add screen goes back to after 'Add New' on the free offer form. Only the
 * add and edit free offer pages are accepted, so a crafted link cannot send the seller elsewhere.
 */
const freeOfferForm = /^\/dashboard\/(add-free-offer|edit-free-offer\/[\w-]+)$/

export function freeOfferReturnTo(value: string | null): string | null {
  return value !== null && freeOfferForm.test(value) ? value : null
}
