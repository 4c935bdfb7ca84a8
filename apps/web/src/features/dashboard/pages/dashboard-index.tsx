import { Navigate } from 'react-router'
import { paths } from '../../../config/paths'

/** /dashboard has no screen of its own: the free offers list is the dashboard's home. */
export default function DashboardIndex() {
  return <Navigate to={paths.dashboard.freeOffers.href()} replace />
}
