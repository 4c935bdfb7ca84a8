import type { SplitExperiment } from '@funnelry/shared'
import { Button, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type Theme, useMediaQuery } from '@mui/material'
import { splitResultRows } from './split-result-rows'
import { SplitResultsCards } from './split-results-cards'

const figureHeaders = ['Visitors', 'Opt-ins', 'Paying orders', 'Revenue', 'Revenue per visitor', 'Chance to beat control', 'Expected loss']

/**
 * Decision D36's results: a table from tablet width up, a card per variant on a phone (where the
 * table would hide most figures and the button to the right).
 */
export function SplitResultsTable({
  experiment,
  onPick,
  picking,
  past = false,
}: {
  experiment: SplitExperiment
  onPick: (variantId: string) => void
  picking: boolean
  /** A past test of the history: read-only, its winner said as "winner", not "the page now". */
  past?: boolean
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const rows = splitResultRows(experiment, past)
  const running = experiment.status === 'running'
  if (phone) return <SplitResultsCards rows={rows} running={running} onPick={onPick} picking={picking} />
  return (
    // It may still scroll sideways on a narrow tablet: focusable and named, so a keyboard can scroll it.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={past ? `Results of test ${experiment.number}, scrolls sideways` : 'Split test results, scrolls sideways'}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" aria-label={past ? `Results of test ${experiment.number}` : 'Split test results'}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>Variant</TableCell>
            {figureHeaders.map((header) => (
              // Long headers wrap: on one line they pushed the table past a 1280 px dashboard's content width.
              <TableCell key={header} align="right" sx={{ fontWeight: 600, maxWidth: '7.5rem' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} selected={row.winner}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.name}
                {row.note}
                <br />
                <Link href={row.previewUrl} target="_blank" rel="noopener" variant="body2">
                  Preview
                </Link>
                {/* Beside the variant's name, so it is never the part a narrow table scrolls out of view. */}
                {running && (
                  <>
                    <br />
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onPick(row.id)}
                      disabled={picking}
                      aria-label={`Make this the page: ${row.name}`}
                      sx={{ whiteSpace: 'nowrap', mt: 0.5 }}
                    >
                      Make this the page
                    </Button>
                  </>
                )}
              </TableCell>
              {row.figures.map((figure) => (
                <TableCell key={figure.label} align="right">
                  {figure.value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
