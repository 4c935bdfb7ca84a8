import { type PublicPage, publicPageElementId } from '@funnelry/shared/funnel/public-page'
import { hydrateRoot } from 'react-dom/client'
import { PublicPageView } from './public-page-view'

/**
 * The public pages' only script (issue 11): React and the funnel, none of the dashboard's
 * libraries. It hydrates what the server rendered, from the page description in the HTML.
 */
const root = document.getElementById('root')
const data = document.getElementById(publicPageElementId)?.textContent
if (root && data) hydrateRoot(root, <PublicPageView page={JSON.parse(data) as PublicPage} />)
