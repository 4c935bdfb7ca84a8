/** Placeholder: filled in by its issue. */
export default function FreeOffersPage() {
  return <p>FreeOffersPage</p>
}
