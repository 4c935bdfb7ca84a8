/** Placeholder: filled in by its issue. */
export default function OtoOfferFormPage() {
  return <p>OtoOfferFormPage</p>
}
