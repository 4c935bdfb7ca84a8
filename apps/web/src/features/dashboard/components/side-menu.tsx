import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { activeGroup, isGroup, isLinkActive, type MenuEntry, type MenuGroup, type MenuLink } from './dashboard-menu'

type SideMenuProps = { menu: MenuEntry[]; pathname: string; onNavigate?: () => void }

/**
 * Groups the person opened or closed stay so; the group of the current page is opened whenever
 * the page changes (derived while rendering, so it never flashes closed).
 */
function useOpenGroups(menu: MenuEntry[], pathname: string) {
  const [state, setState] = useState<{ pathname: string | null; open: Record<string, boolean> }>({ pathname: null, open: {} })
  const current = activeGroup(menu, pathname)
  const open = state.pathname === pathname ? state.open : { ...state.open, ...(current && { [current.label]: true }) }
  const toggle = (group: MenuGroup) => setState({ pathname, open: { ...open, [group.label]: !open[group.label] } })
  return { isOpen: (group: MenuGroup) => open[group.label] === true, toggle }
}

export function SideMenu({ menu, pathname, onNavigate }: SideMenuProps) {
  const { isOpen, toggle } = useOpenGroups(menu, pathname)

  const renderLink = (link: MenuLink, nested: boolean) => {
    const active = isLinkActive(link, pathname)
    const Icon = link.icon
    return (
      <ListItemButton
        key={link.path}
        component={RouterLink}
        to={link.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={nested ? { pl: 9 } : undefined}
      >
        {Icon && (
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
        )}
        <ListItemText primary={link.label} />
      </ListItemButton>
    )
  }

  return (
    <List component="div" sx={{ py: 1 }}>
      {menu.map((entry) => {
        if (!isGroup(entry)) return renderLink(entry, false)
        const Icon = entry.icon
        const open = isOpen(entry)
        const listId = `menu-group-${entry.label.toLowerCase().replaceAll(' ', '-')}`
        return (
          <div key={entry.label}>
            <ListItemButton onClick={() => toggle(entry)} aria-expanded={open} aria-controls={listId}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={entry.label} />
              {open ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List component="div" id={listId} disablePadding>
                {entry.links.map((link) => renderLink(link, true))}
              </List>
            </Collapse>
          </div>
        )
      })}
    </List>
  )
}
