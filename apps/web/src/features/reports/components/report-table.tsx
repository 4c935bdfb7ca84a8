import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useMediaQuery } from '@mui/material'
import type { Theme } from '@mui/material/styles'
import type { ReportColumn } from './report-column'
import { busyStyle, type CompactRow, ReportCompactList } from './report-compact-list'

type ReportTableProps<T> = {
  /** E.g. 'Leads': the table's (or, below md, the list's) accessible name. */
  label: string
  rows: readonly T[]
  columns: readonly ReportColumn<T>[]
  /** The two lines of a record below md. */
  compact: CompactRow<T>
  getKey: (row: T) => string
  /** The rows are the previous page's while the next loads. */
  busy?: boolean
}

/**
 * A table from md up (scrolling sideways when the columns do not fit); below md each record is a
 * compact row of two lines that opens to every column (`ReportCompactList`).
 */
export function ReportTable<T>({ label, rows, columns, compact, getKey, busy = false }: ReportTableProps<T>) {
  // noSsr: read the screen size on the first render, as the dashboard layout does.
  const compactRows = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true })
  if (compactRows) return <ReportCompactList label={label} rows={rows} columns={columns} compact={compact} getKey={getKey} busy={busy} />

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, ...busyStyle(busy) }}>
      <Table aria-label={label} aria-busy={busy} size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={getKey(row)} hover>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
