/** Placeholder: filled in by its issue. */
export default function OtoOffersPage() {
  return <p>OtoOffersPage</p>
}
