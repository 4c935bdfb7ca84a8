import type { SplitExperiment } from '@funnelry/shared'
import ExpandMore from '@mui/icons-material/ExpandMore'
import { Accordion, AccordionDetails, AccordionSummary, Paper, Stack, Typography } from '@mui/material'
import { formatDateTime } from '../../../lib/format-date-time'
import { SplitResultsTable } from './split-results-table'

export const pastTestsAnchor = 'past-tests'

const winnerOf = (test: SplitExperiment) => test.variants.find((variant) => variant.id === test.winner_variant_id)?.name ?? 'a variant'

/** One line for a past test: its number, its dates and the arm that won. */
export const pastTestTitle = (test: SplitExperiment) =>
  `Test ${test.number}: ${formatDateTime(test.started_at)} – ${test.ended_at ? formatDateTime(test.ended_at) : 'running'} · winner ${winnerOf(test)}`

/**
 * The offer's ended split tests, newest first, each with its final results (read-only): the
 * leads and orders of a past test's variants stay readable next to its figures (decision 0029).
 */
export function SplitTestHistory({ tests }: { tests: SplitExperiment[] }) {
  if (tests.length === 0) return null
  return (
    <Paper
      id={pastTestsAnchor}
      variant="outlined"
      component="section"
      aria-label="Past tests"
      sx={{ p: { xs: 2, md: 3 }, mt: 3, scrollMarginTop: 88 }}
    >
      <Stack spacing={2}>
        <Typography variant="h4" component="h2">
          Past tests
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Every ended test with its final results. Variant names never repeat on an offer, so the Variant column of Leads, Orders and their
          CSV exports says which test each one came from.
        </Typography>
        <div>
          {tests.map((test) => (
            <Accordion key={test.id} disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography>{pastTestTitle(test)}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <SplitResultsTable experiment={test} onPick={() => undefined} picking={false} past />
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      </Stack>
    </Paper>
  )
}
