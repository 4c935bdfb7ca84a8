/** Placeholder: filled in by its issue. */
export default function LoginPage() {
  return <p>LoginPage</p>
}
