/** Placeholder: filled in by its issue. */
export default function DashboardIndex() {
  return <p>DashboardIndex</p>
}
