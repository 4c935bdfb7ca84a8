/** Placeholder: filled in by its issue. */
export default function OtoOfferPreviewPage() {
  return <p>OtoOfferPreviewPage</p>
}
