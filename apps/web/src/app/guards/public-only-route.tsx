/** Placeholder: filled in by its issue. */
export default function PublicOnlyRoute() {
  return <p>PublicOnlyRoute</p>
}
