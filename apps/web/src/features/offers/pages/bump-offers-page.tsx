/** Placeholder: filled in by its issue. */
export default function BumpOffersPage() {
  return <p>BumpOffersPage</p>
}
