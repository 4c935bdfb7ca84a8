/** Placeholder: filled in by its issue. */
export default function NotFoundPage() {
  return <p>NotFoundPage</p>
}
