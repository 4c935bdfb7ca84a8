import type { StoreLinks } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'

const labels: Array<[keyof StoreLinks, string]> = [
  ['privacy_policy', 'Privacy Policy'],
  ['terms_and_conditions', 'Terms and Conditions'],
  ['support_link', 'Refund Policy & Customer Service'],
]

/** The seller's company links (Settings), each only when set (spec section 2). */
export function OfferFooter({ links }: { links: StoreLinks }) {
  const shown = labels.flatMap(([key, label]) => {
    const href = links[key]
    return href ? [{ key, label, href }] : []
  })
  if (shown.length === 0) return null
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2.5, rowGap: 1, py: 3, px: 2, textAlign: 'center' }}
    >
      {shown.map(({ key, label, href }) => (
        <Link key={key} href={href} target="_blank" rel="noopener noreferrer" variant="body2" color="text.secondary" underline="hover">
          {label}
        </Link>
      ))}
    </Box>
  )
}
