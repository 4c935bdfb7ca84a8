import { createContext, useContext } from 'react'

export type FunnelNavigate = (href: string, options?: { replace?: boolean }) => void

/** A public page is a document of its own: it moves on by loading the next one. */
const loadPage: FunnelNavigate = (href, options = {}) => {
  if (options.replace) window.location.replace(href)
  else window.location.assign(href)
}

/**
 * How the funnel goes to the thank-you page or /404. The public pages load the next document
 * (no router in their script, issue 11); the dashboard's previews and the app's own route pass
 * their router's navigation.
 */
export const FunnelNavigationContext = createContext<FunnelNavigate>(loadPage)

export const useFunnelNavigate = () => useContext(FunnelNavigationContext)
