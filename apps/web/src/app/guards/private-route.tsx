import { Navigate, Outlet } from 'react-router'
import { paths } from '../../config/paths'
import { useAuth } from '../../lib/auth-context'

/** Protected screens (dashboard, OTO preview). Decision D1: a signed-out visitor is sent to /. */
export default function PrivateRoute() {
  const { isAuthenticated } = useAuth()
  return isAuthenticated ? <Outlet /> : <Navigate to={paths.login.href()} replace />
}
