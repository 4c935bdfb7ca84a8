import { currencySymbol, formatMoney, type OrderLine, type OrderLineKind } from '@funnelry/shared'
import { Box, Checkbox, Chip, Stack, Typography } from '@mui/material'
import { useId } from 'react'

/** What each kind of line is, in the dashboard's words. */
export const orderLineKindLabels: Record<OrderLineKind, string> = {
  free: 'Free offer',
  bump: 'BUMP offer',
  upsell: 'OTO offer',
  post_purchase: 'After purchase',
}

/** Decision D35: where each line's money stands; a refund the provider has not finished yet shows as pending. */
const lineStatusLabels = { paid: 'Paid', refund_pending: 'Refund pending', refunded: 'Refunded' } as const
const lineStatusColors = { paid: 'success', refund_pending: 'warning', refunded: 'default' } as const
/** A line nothing was paid for (the free offer's) says so, rather than "Paid" beside a refunded order's other lines. */
const chipOf = (line: OrderLine) =>
  line.amount === '0.00'
    ? ({ label: 'Free', color: 'default' } as const)
    : { label: lineStatusLabels[line.status], color: lineStatusColors[line.status] }

/** Decision D35: a free line is never refunded; a paid one once. */
export const canRefund = (line: OrderLine) => line.kind !== 'free' && line.status === 'paid' && line.amount !== '0.00'

type OrderLinesListProps = {
  lines: readonly OrderLine[]
  selected: ReadonlySet<string>
  onToggle: (lineId: string) => void
  disabled: boolean
}

/**
 * An order's lines, one row each: a box to choose it for a refund (only lines that can be), what it
 * is, its amount and whether it is paid or refunded. One column of rows, so it reads the same at
 * 390 px as at 1280 px.
 */
export function OrderLinesList({ lines, selected, onToggle, disabled }: OrderLinesListProps) {
  const headingId = useId()
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 18, fontWeight: 600, mb: 1 }}>
        What was bought
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {lines.map((line) => (
          <OrderLineRow key={line.id} line={line} checked={selected.has(line.id)} onToggle={onToggle} disabled={disabled} />
        ))}
      </Box>
    </Box>
  )
}

function OrderLineRow({
  line,
  checked,
  onToggle,
  disabled,
}: {
  line: OrderLine
  checked: boolean
  onToggle: (lineId: string) => void
  disabled: boolean
}) {
  const labelId = useId()
  const amountId = useId()
  const refundable = canRefund(line)
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      aria-label={line.headline}
      sx={{ alignItems: 'center', px: 1, py: 1, minHeight: 56, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      {/* The same width with or without a box, so amounts line up. */}
      <Box sx={{ width: 42, flexShrink: 0 }}>
        {refundable && (
          <Checkbox
            checked={checked}
            onChange={() => onToggle(line.id)}
            disabled={disabled}
            // Named by the line's product and amount, as a screen reader user chooses what to refund.
            slotProps={{ input: { 'aria-labelledby': `${labelId} ${amountId}` } }}
          />
        )}
      </Box>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography id={labelId} component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {line.headline}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {orderLineKindLabels[line.kind]}
        </Typography>
      </Stack>
      <Typography id={amountId} component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatMoney(currencySymbol(line.currency), line.amount)}
      </Typography>
      <Chip size="small" variant="outlined" {...chipOf(line)} sx={{ flexShrink: 0 }} />
    </Stack>
  )
}
