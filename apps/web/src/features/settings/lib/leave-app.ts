/**
 * A full page load to an address outside the single-page app (the payment provider's onboarding):
 * the router cannot go there, and the provider needs a real navigation to return to us.
 */
export function leaveApp(url: string) {
  window.location.assign(url)
}
