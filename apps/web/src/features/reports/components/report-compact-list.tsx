import ExpandMore from '@mui/icons-material/ExpandMore'
import { Box, ButtonBase, Typography } from '@mui/material'
import { type ReactNode, useId, useState } from 'react'
import type { ReportColumn } from './report-column'

/** What a record says in its two lines on a phone: who or what, then amount, status and date. */
export type CompactRow<T> = {
  primary: (row: T) => ReactNode
  secondary: (row: T) => ReactNode
}

type ReportCompactListProps<T> = {
  label: string
  rows: readonly T[]
  columns: readonly ReportColumn<T>[]
  compact: CompactRow<T>
  getKey: (row: T) => string
  busy: boolean
}

/** The previous page's rows, dimmed while the next loads. */
export const busyStyle = (busy: boolean) => ({ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' })

const line = { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden' } as const

/**
 * Below md each record is one compact row of two lines (issue 15: 20 orders as cards of seven
 * labelled values were about 3,400 px). Tapping a row shows every column, labelled, under it.
 */
export function ReportCompactList<T>({ label, rows, columns, compact, getKey, busy }: ReportCompactListProps<T>) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...busyStyle(busy),
      }}
    >
      {rows.map((row) => (
        <CompactItem key={getKey(row)} row={row} columns={columns} compact={compact} />
      ))}
    </Box>
  )
}

function CompactItem<T>({ row, columns, compact }: { row: T; columns: readonly ReportColumn<T>[]; compact: CompactRow<T> }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <Box component="li" sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <ButtonBase
        aria-expanded={open}
        // Named only while the details exist: a reference to a missing element is an error to a screen reader.
        aria-controls={open ? detailsId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        sx={{ width: '100%', px: 1.5, py: 0.75, gap: 1, justifyContent: 'space-between', textAlign: 'left' }}
      >
        <Box component="span" sx={{ display: 'block', minWidth: 0, flexGrow: 1 }}>
          <Typography component="span" variant="body2" sx={line}>
            {compact.primary(row)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ...line, mt: 0.25 }}>
            {compact.secondary(row)}
          </Typography>
        </Box>
        <ExpandMore
          fontSize="small"
          color="action"
          sx={{ flexShrink: 0, transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
        />
      </ButtonBase>
      {open && (
        <Box
          component="dl"
          id={detailsId}
          sx={{ m: 0, px: 1.5, pb: 1.5, display: 'grid', gridTemplateColumns: 'minmax(84px, auto) 1fr', columnGap: 2, rowGap: 0.5 }}
        >
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
      )}
    </Box>
  )
}
