/** Placeholder: filled in by its issue. */
export default function SignUpPage() {
  return <p>SignUpPage</p>
}
