import { Box } from '@mui/material'
import type { ReactNode } from 'react'

/** Spec section 9: 1, 2, 3 and 4 cards a row by breakpoint (xs, sm, md, lg). */
export const cardGridColumns = {
  xs: '1fr',
  sm: 'repeat(2, minmax(0, 1fr))',
  md: 'repeat(3, minmax(0, 1fr))',
  lg: 'repeat(4, minmax(0, 1fr))',
}

type CardGridProps<T> = {
  items: readonly T[]
  getKey: (item: T) => string
  renderItem: (item: T) => ReactNode
  /** E.g. 'Free offers', so a screen reader announces what the list holds. */
  label: string
  busy?: boolean
}

/** A list of cards in the spec's responsive grid; cards of a row share its height. */
export function CardGrid<T>({ items, getKey, renderItem, label, busy = false }: CardGridProps<T>) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: cardGridColumns,
        gap: { xs: 2, sm: 3 },
        opacity: busy ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {items.map((item) => (
        <Box component="li" key={getKey(item)} sx={{ display: 'flex', minWidth: 0, '& > *': { flexGrow: 1 } }}>
          {renderItem(item)}
        </Box>
      ))}
    </Box>
  )
}
