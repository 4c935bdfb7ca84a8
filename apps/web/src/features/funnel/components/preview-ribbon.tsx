/** A corner band telling the seller this page makes no calls and runs no pixels. */
export function PreviewRibbon() {
  return (
    <div role="status" className="fy-ribbon">
      Preview
    </div>
  )
}
