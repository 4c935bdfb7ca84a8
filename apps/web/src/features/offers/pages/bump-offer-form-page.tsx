/** Placeholder: filled in by its issue. */
export default function BumpOfferFormPage() {
  return <p>BumpOfferFormPage</p>
}
