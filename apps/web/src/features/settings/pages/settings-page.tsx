/** Placeholder: filled in by its issue. */
export default function SettingsPage() {
  return <p>SettingsPage</p>
}
