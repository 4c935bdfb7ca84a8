import MenuIcon from '@mui/icons-material/Menu'
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useAuth } from '../../../lib/auth-context'

type TopBarProps = {
  /** The mobile drawer's toggle; absent on wide screens, where the menu is always shown. */
  menu?: { open: boolean; toggle: () => void; controls: string }
}

/** Product name, the seller's full name and Log Out (spec section 2). */
export function TopBar({ menu }: TopBarProps) {
  const { user, logout } = useAuth()
  const [leaving, setLeaving] = useState(false)
  const navigate = useNavigate()

  // A seller who logs out on purpose lands on the plain log-in screen: the guard's `?next=` is for
  // a deep link or an expired session, not for sending the next person back to this page.
  const logOut = async () => {
    setLeaving(true)
    await logout()
    navigate('/', { replace: true })
  }

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {menu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.toggle}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h4" component="p" noWrap>
          Funnelry
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {/* Long names shrink with an ellipsis so the Log Out button always fits on a phone. */}
        <Typography variant="body2" noWrap sx={{ minWidth: 0, maxWidth: { xs: 120, sm: 320 } }} title={user?.full_name}>
          {user?.full_name}
        </Typography>
        <Button color="inherit" onClick={logOut} disabled={leaving} sx={{ flexShrink: 0 }}>
          Log Out
        </Button>
      </Toolbar>
    </AppBar>
  )
}
