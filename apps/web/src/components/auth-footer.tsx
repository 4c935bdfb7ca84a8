import { Box, Link, Stack, Typography } from '@mui/material'

/** The product's own pages. Placeholders (reserved .example domain) until the real addresses are published. */
export const productLinks = {
  website: { label: 'funnelry.example', href: 'https://funnelry.example' },
  privacyPolicy: { label: 'Privacy Policy', href: 'https://funnelry.example/privacy-policy' },
  termsAndConditions: { label: 'Terms & Conditions', href: 'https://funnelry.example/terms-and-conditions' },
  refundPolicy: { label: 'Refund Policy', href: 'https://funnelry.example/refund-policy' },
} as const

const legalLinks = [productLinks.privacyPolicy, productLinks.termsAndConditions, productLinks.refundPolicy]

/** Footer of the log-in and sign-up screens (spec section 2). */
export function AuthFooter() {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Funnelry ·{' '}
          <Link href={productLinks.website.href} target="_blank" rel="noopener noreferrer">
            {productLinks.website.label}
          </Link>
        </Typography>
        <Stack
          component="nav"
          aria-label="Legal"
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
        >
          {legalLinks.map((link) => (
            <Link key={link.href} variant="body2" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  )
}
