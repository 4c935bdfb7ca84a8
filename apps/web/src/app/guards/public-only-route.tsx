import { Navigate, Outlet } from 'react-router'
import { paths } from '../../config/paths'
import { useAuth } from '../../lib/auth-context'

/** The log-in screen: a signed-in seller goes straight to the dashboard (spec route table). */
export default function PublicOnlyRoute() {
  const { isAuthenticated } = useAuth()
  return isAuthenticated ? <Navigate to={paths.dashboard.freeOffers.href()} replace /> : <Outlet />
}
