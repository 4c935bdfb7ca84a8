/** Placeholder: filled in by its issue. */
export default function DashboardLayout() {
  return <p>DashboardLayout</p>
}
