import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuth } from '../../lib/auth-context'
import { loginWithNext } from '../../lib/next-path'

/**
 * Protected screens (dashboard, OTO preview). Decision D1: a signed-out visitor is sent to /, which
 * keeps where they were going (issue 22: a deep link like /dashboard/orders survives the log-in).
 */
export default function PrivateRoute() {
  const { isAuthenticated } = useAuth()
  const { pathname, search } = useLocation()
  return isAuthenticated ? <Outlet /> : <Navigate to={loginWithNext(`${pathname}${search}`)} replace />
}
