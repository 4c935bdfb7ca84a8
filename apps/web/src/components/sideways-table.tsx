import { Box, TableContainer, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** Said under a wide table on a phone: without it, the columns past the screen's edge went unseen (browser review at 390 px). */
export const sidewaysHint = 'Swipe the table sideways to see every column.'

/**
 * A table wider than a phone: it scrolls sideways inside its frame, its first column stays in
 * view while the others pass under it, and on a phone a line under it says there is more. The
 * frame is focusable and named, so a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function SidewaysTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={`${label}, scrolls sideways`}
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '& tr > :first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
        }}
      >
        {children}
      </TableContainer>
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
        {sidewaysHint}
      </Typography>
    </Box>
  )
}
