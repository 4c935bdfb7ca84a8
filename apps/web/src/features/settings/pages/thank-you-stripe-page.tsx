/** Placeholder: filled in by its issue. */
export default function ThankYouStripePage() {
  return <p>ThankYouStripePage</p>
}
