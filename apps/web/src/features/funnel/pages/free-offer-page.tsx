/** Placeholder: filled in by its issue. */
export default function FreeOfferPage() {
  return <p>FreeOfferPage</p>
}
