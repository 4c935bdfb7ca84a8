import type { SvgIconComponent } from '@mui/icons-material'
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined'
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined'
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined'
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import { paths } from '../../../config/paths'

export type MenuLink = { label: string; path: string; icon?: SvgIconComponent }
export type MenuGroup = { label: string; icon: SvgIconComponent; links: MenuLink[] }
export type MenuEntry = MenuLink | MenuGroup

/**
 * The side menu (spec section 2), as data: a later screen (Leads, Orders…) is one more entry here.
 * A link is highlighted while the current path starts with its path.
 */
export const dashboardMenu: MenuEntry[] = [
  {
    label: 'Offers',
    icon: LocalOfferOutlined,
    links: [
      { label: 'Free Offers', path: paths.dashboard.freeOffers.path },
      { label: 'BUMP Offers', path: paths.dashboard.bumpOffers.path },
      { label: 'OTO Offers', path: paths.dashboard.upsellOffers.path },
    ],
  },
  {
    label: 'Add Offer',
    icon: AddCircleOutline,
    links: [
      { label: 'Add Free Offer', path: paths.dashboard.addFreeOffer.path },
      { label: 'Add BUMP Offer', path: paths.dashboard.addBumpOffer.path },
      { label: 'Add OTO Offer', path: paths.dashboard.addUpsellOffer.path },
    ],
  },
  // Issue 6: what the funnels produced, one click away rather than inside a group.
  { label: 'Leads', icon: PeopleAltOutlined, path: paths.dashboard.leads.path },
  { label: 'Orders', icon: ReceiptLongOutlined, path: paths.dashboard.orders.path },
  { label: 'Settings', icon: SettingsOutlined, path: paths.dashboard.settings.path },
  { label: 'Account', icon: AccountCircleOutlined, path: paths.dashboard.account.path },
]

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry

export const isLinkActive = (link: MenuLink, pathname: string) => pathname.startsWith(link.path)

/** The group holding the current page, which opens by itself. */
export const activeGroup = (menu: MenuEntry[], pathname: string) =>
  menu.filter(isGroup).find((group) => group.links.some((link) => isLinkActive(link, pathname)))
