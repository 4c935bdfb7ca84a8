import type { StoreLinks } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import type { ReactNode } from 'react'
import { OfferFooter } from './offer-footer'
import { PreviewRibbon } from './preview-ribbon'

type OfferLayoutProps = {
  logo: string | null
  brand: string
  storeLinks?: StoreLinks
  preview: boolean
  children: ReactNode
}

/**
 * The frame of every visitor page: the seller's logo bar, one narrow column (a phone's width
 * is the design target; larger screens get the same column centred), and the footer links.
 */
export function OfferLayout({ logo, brand, storeLinks, preview, children }: OfferLayoutProps) {
  return (
    <Box id="funnel-top" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {preview && <PreviewRibbon />}
      {logo && (
        <Box
          component="header"
          sx={{
            display: 'flex',
            justifyContent: 'center',
            py: 1.5,
            px: 2,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box component="img" src={logo} alt={brand} sx={{ maxHeight: 40, maxWidth: '60%', objectFit: 'contain' }} />
        </Box>
      )}
      <Container component="main" maxWidth="sm" sx={{ flex: 1, px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 4 } }}>
        {children}
      </Container>
      {storeLinks && <OfferFooter links={storeLinks} />}
    </Box>
  )
}
