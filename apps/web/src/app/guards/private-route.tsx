/** Placeholder: filled in by its issue. */
export default function PrivateRoute() {
  return <p>PrivateRoute</p>
}
