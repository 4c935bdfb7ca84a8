import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoading } from '../../components/page-loading'
import { webAppConfig } from '../../config/web-app-config'

/**
 * The dashboard, log-in and sign-up exist only on the dashboard's origin (decision D23): a link
 * followed inside the app on the pages origin or a seller's domain (e.g. a 404 page's way home)
 * leaves for the dashboard's origin instead of rendering a log-in form whose tokens would be
 * stored where seller scripts run.
 */
export default function DashboardOriginRoute() {
  const { pathname, search } = useLocation()
  const dashboard = new URL(webAppConfig().dashboard_url).origin
  const elsewhere = window.location.origin !== dashboard
  useEffect(() => {
    if (elsewhere) window.location.replace(`${dashboard}${pathname}${search}`)
  }, [elsewhere, dashboard, pathname, search])
  return elsewhere ? <PageLoading /> : <Outlet />
}
