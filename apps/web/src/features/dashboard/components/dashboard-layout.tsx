import { Box, Drawer, Toolbar, useMediaQuery } from '@mui/material'
import type { Theme } from '@mui/material/styles'
import { useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { sidebarWidth } from '../../../config/layout'
import { paths } from '../../../config/paths'
import { dashboardMenu } from './dashboard-menu'
import { EmailsStoredBanner } from './emails-stored-banner'
import { GettingStartedChecklist } from './getting-started-checklist'
import { SideMenu } from './side-menu'
import { TopBar } from './top-bar'

const drawerId = 'dashboard-menu'
const paper = { width: sidebarWidth, boxSizing: 'border-box' } as const

/** The seller dashboard's frame: top bar, side menu (permanent from md up, a toggled drawer below) and the page. */
export default function DashboardLayout() {
  const { pathname } = useLocation()
  // noSsr: this is a browser-only app, so read the screen size on the first render (no layout jump).
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true })
  const [mobileOpen, setMobileOpen] = useState(false)
  const closeMobile = () => setMobileOpen(false)

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <TopBar menu={isDesktop ? undefined : { open: mobileOpen, toggle: () => setMobileOpen((open) => !open), controls: drawerId }} />
      <Box component="nav" aria-label="Dashboard" sx={{ width: { md: sidebarWidth }, flexShrink: { md: 0 } }}>
        {isDesktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { id: drawerId, sx: paper } }}>
            <Toolbar />
            <SideMenu menu={dashboardMenu} pathname={pathname} />
          </Drawer>
        ) : (
          // The temporary drawer's paper is a dialog (MUI): it needs a name (axe aria-dialog-name, issue 22).
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            slotProps={{ paper: { id: drawerId, sx: paper, 'aria-label': 'Dashboard menu' } }}
          >
            {/* The top bar stays above the drawer so its menu button can close it again. */}
            <Toolbar />
            <SideMenu menu={dashboardMenu} pathname={pathname} onNavigate={closeMobile} />
          </Drawer>
        )}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <EmailsStoredBanner />
        {/* The dashboard's home (where log-in lands) starts with the first-run checklist. */}
        {pathname === paths.dashboard.freeOffers.path && <GettingStartedChecklist />}
        <Outlet />
      </Box>
    </Box>
  )
}
