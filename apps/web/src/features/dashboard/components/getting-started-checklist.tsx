import type { GettingStarted } from '@funnelry/shared'
import CheckCircle from '@mui/icons-material/CheckCircle'
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked'
import { Button, Card, CardContent, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { useGettingStarted } from '../../../lib/getting-started'

type Item = { key: keyof Omit<GettingStarted, 'has_stripe_account'>; text: string; action: string; to: string }

/** In the order a new seller needs them: without payments, a live offer with a bump cannot sell. */
const items: Item[] = [
  { key: 'payments_connected', text: 'Connect your payment account', action: 'Connect', to: paths.dashboard.settings.href() },
  { key: 'free_offer_created', text: 'Create a free offer', action: 'Create', to: paths.dashboard.addFreeOffer.href() },
  { key: 'add_on_attached', text: 'Attach a BUMP or OTO to a free offer', action: 'Add a BUMP', to: paths.dashboard.addBumpOffer.href() },
  { key: 'domain_verified', text: 'Serve your pages on your own domain', action: 'Set domain', to: paths.dashboard.settings.href() },
]

/**
 * The first-run checklist on the dashboard's home (issue 15). Each item ticks itself off from
 * the seller's own data; the card goes away once all are done (and says nothing while loading or
 * when the call fails: it is a guide, never in the way of the offers below it).
 */
export function GettingStartedChecklist() {
  const { data } = useGettingStarted()
  if (!data) return null
  const done = items.filter((item) => data[item.key]).length
  if (done === items.length) return null
  const titleId = 'getting-started-title'
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ mb: { xs: 2, sm: 3 } }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          Get started
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {done} of {items.length} done
        </Typography>
        <LinearProgress variant="determinate" value={(done / items.length) * 100} aria-label="Getting started progress" sx={{ my: 1.5 }} />
        <List dense disablePadding>
          {items.map((item) => {
            const ticked = data[item.key]
            return (
              <ListItem
                key={item.key}
                disableGutters
                secondaryAction={
                  ticked ? undefined : (
                    <Button component={RouterLink} to={item.to} size="small" aria-label={`${item.action}: ${item.text}`}>
                      {item.action}
                    </Button>
                  )
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {ticked ? (
                    <CheckCircle color="success" titleAccess="Done" />
                  ) : (
                    <RadioButtonUnchecked color="disabled" titleAccess="To do" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={item.text}
                  slotProps={{ primary: { sx: ticked ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined } }}
                  sx={{ pr: ticked ? 0 : 12 }}
                />
              </ListItem>
            )
          })}
        </List>
      </CardContent>
    </Card>
  )
}
