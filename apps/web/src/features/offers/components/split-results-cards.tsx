import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material'
import type { SplitResultRow } from './split-result-rows'

/**
 * The split results at phone width (docs/decisions/0025): a card per variant with every figure as
 * a label and its value, and the button at full width, so nothing hides to the right.
 */
export function SplitResultsCards({
  rows,
  running,
  onPick,
  picking,
}: {
  rows: SplitResultRow[]
  running: boolean
  onPick: (variantId: string) => void
  picking: boolean
}) {
  return (
    <Stack component="ul" aria-label="Split test results" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.id}
          variant="outlined"
          aria-label={row.name}
          sx={{ p: 1.5, bgcolor: row.winner ? 'action.selected' : undefined }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
            {/* A variant's name is the seller's own (up to 60 characters, maybe one long word): it wraps, never pushes the card wider. */}
            <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.name}
              {row.note}
            </Typography>
            <Link href={row.previewUrl} target="_blank" rel="noopener" variant="body2" sx={{ flexShrink: 0, ml: 1 }}>
              Preview
            </Link>
          </Stack>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
            {row.figures.map((figure) => (
              <Box key={figure.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {figure.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                  {figure.value}
                </Typography>
              </Box>
            ))}
          </Box>
          {running && (
            <Button
              fullWidth
              variant="outlined"
              onClick={() => onPick(row.id)}
              disabled={picking}
              aria-label={`Make this the page: ${row.name}`}
              sx={{ mt: 1.5 }}
            >
              Make this the page
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  )
}
