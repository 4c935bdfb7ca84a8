/** Placeholder: filled in by its issue. */
export default function ThankYouPurchasePage() {
  return <p>ThankYouPurchasePage</p>
}
