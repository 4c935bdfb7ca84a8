import { Navigate, Outlet, useSearchParams } from 'react-router'
import { paths } from '../../config/paths'
import { useAuth } from '../../lib/auth-context'
import { nextParam, safeNextPath } from '../../lib/next-path'

/** The log-in screen: a signed-in seller goes straight to the dashboard (spec route table). */
export default function PublicOnlyRoute() {
  const { isAuthenticated } = useAuth()
  const [searchParams] = useSearchParams()
  const next = safeNextPath(searchParams.get(nextParam)) ?? paths.dashboard.freeOffers.href()
  return isAuthenticated ? <Navigate to={next} replace /> : <Outlet />
}
