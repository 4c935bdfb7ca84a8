import { Box, Card, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery } from '@mui/material'
import type { Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'

export type ReportColumn<T> = {
  header: string
  render: (row: T) => ReactNode
  align?: 'left' | 'right'
}

type ReportTableProps<T> = {
  /** E.g. 'Leads': the table's (or, on a phone, the list's) accessible name. */
  label: string
  rows: readonly T[]
  columns: readonly ReportColumn<T>[]
  getKey: (row: T) => string
  /** The rows are the previous page's while the next loads. */
  busy?: boolean
}

const busyStyle = (busy: boolean) => ({ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' })

/**
 * A table from sm up (scrolling sideways when the columns do not fit); on a phone each row is a
 * card listing its columns as "header: value", since seven columns do not fit 375 px.
 */
export function ReportTable<T>({ label, rows, columns, getKey, busy = false }: ReportTableProps<T>) {
  // noSsr: read the screen size on the first render, as the dashboard layout does.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })

  if (isPhone) {
    return (
      <Box
        component="ul"
        aria-label={label}
        aria-busy={busy}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, ...busyStyle(busy) }}
      >
        {rows.map((row) => (
          <Card component="li" variant="outlined" key={getKey(row)} sx={{ p: 2 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(84px, auto) 1fr', columnGap: 2, rowGap: 1 }}>
              {columns.map((column) => (
                <Box key={column.header} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
        ))}
      </Box>
    )
  }

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
