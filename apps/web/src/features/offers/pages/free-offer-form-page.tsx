/** Placeholder: filled in by its issue. */
export default function FreeOfferFormPage() {
  return <p>FreeOfferFormPage</p>
}
