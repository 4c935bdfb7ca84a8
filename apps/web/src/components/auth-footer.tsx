import type { ProductLinks } from '@funnelry/shared'
import { Box, Link, Stack, Typography } from '@mui/material'
import { webAppConfig } from '../config/web-app-config'

/** Without the server's word (Vite dev server, tests) the product site is this app's own origin. */
function productLinks(): ProductLinks {
  return (
    webAppConfig().product_links ?? {
      site_url: window.location.origin,
      privacy_policy_url: null,
      terms_url: null,
      refund_policy_url: null,
    }
  )
}

/**
 * Footer of the log-in and sign-up screens (spec section 2): the product site and the legal pages
 * the operator set (PRODUCT_*_URL, README). A legal page that is not set is not linked at all,
 * rather than linked to an address that does not exist.
 */
export function AuthFooter() {
  const links = productLinks()
  const legalLinks = [
    { label: 'Privacy Policy', href: links.privacy_policy_url },
    { label: 'Terms & Conditions', href: links.terms_url },
    { label: 'Refund Policy', href: links.refund_policy_url },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href))
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Funnelry ·{' '}
          <Link href={links.site_url} target="_blank" rel="noopener noreferrer">
            {new URL(links.site_url).host}
          </Link>
        </Typography>
        {legalLinks.length > 0 && (
          <Stack
            component="nav"
            aria-label="Legal"
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
          >
            {legalLinks.map((link) => (
              <Link key={link.label} variant="body2" href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </Link>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  )
}
