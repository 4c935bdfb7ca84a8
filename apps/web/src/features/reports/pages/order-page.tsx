import { amountToCents, currencySymbol, formatMoney, type Order, type OrderLine } from '@funnelry/shared'
import ArrowBack from '@mui/icons-material/ArrowBack'
import { Button, Link, Skeleton, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { LoadFailedAlert } from '../../../components/load-failed-alert'
import { paths } from '../../../config/paths'
import { detailMessage, fieldErrors } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useOrder } from '../api/get-order'
import { useRefundOrder } from '../api/refund-order'
import { DateTimeText } from '../components/date-time-text'
import { canRefund, OrderLinesList } from '../components/order-lines-list'
import { OrderStatusChip } from '../components/order-status-chip'

/** The sum of some lines as the product shows money ("$52.50"), added up in cents. */
const totalOf = (order: Order, lines: readonly OrderLine[]) =>
  formatMoney(
    currencySymbol(order.currency),
    lines.reduce((sum, line) => sum + amountToCents(line.amount), 0),
  )

/** "Workbook", "Workbook and The Course", "A, B and C". */
const listOf = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`)

/**
 * One order (decision D35): who bought what, each line paid or refunded, and 'Refund' for the lines
 * chosen or for all still paid. The confirm names the amount and what it is for; the server decides
 * what is refunded and answers the order as it then is.
 */
export default function OrderPage() {
  const { id = '' } = useParams()
  const query = useOrder(id)
  const refund = useRefundOrder(id)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [asking, setAsking] = useState<readonly OrderLine[] | null>(null)

  const back = (
    <Link component={RouterLink} to={paths.dashboard.orders.href()} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 1 }}>
      <ArrowBack fontSize="small" /> Orders
    </Link>
  )
  if (query.isPending)
    return (
      <Stack spacing={2} role="status" aria-label="Loading">
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    )
  if (query.isError)
    return (
      <Stack spacing={2}>
        {back}
        <LoadFailedAlert message={detailMessage(query.error) ?? 'The order could not be loaded.'} onRetry={() => void query.refetch()} />
      </Stack>
    )

  const order = query.data
  const refundable = order.lines.filter(canRefund)
  const refundedLines = order.lines.filter((line) => line.status === 'refunded')
  const pendingLines = order.lines.filter((line) => line.status === 'refund_pending')
  const chosen = refundable.filter((line) => selected.has(line.id))
  const toggle = (lineId: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(lineId)) next.delete(lineId)
      else next.add(lineId)
      return next
    })

  const confirm = () => {
    if (!asking) return
    const lines = asking
    const all = lines.length === refundable.length
    setAsking(null)
    refund.mutate(all ? {} : { line_ids: lines.map((line) => line.id) }, {
      onSuccess: (answered) => {
        setSelected(new Set())
        // Decision D35: what the provider said; a card refund can stay pending for a while.
        const pending = answered.lines.some((line) => line.status === 'refund_pending' && lines.some((asked) => asked.id === line.id))
        toast(
          pending ? `Refund of ${totalOf(order, lines)} requested: pending at the payment provider.` : `Refunded ${totalOf(order, lines)}.`,
          'success',
        )
      },
      onError: (error) => {
        toast(detailMessage(error) ?? fieldErrors(error).line_ids ?? 'The refund could not be made. Try again.', 'error')
        void query.refetch()
      },
    })
  }

  return (
    <Stack spacing={{ xs: 2, md: 3 }} sx={{ maxWidth: 720 }}>
      <div>{back}</div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, mr: 1 }}>
          {order.full_name}
        </Typography>
        <OrderStatusChip status={order.status} />
      </Stack>
      <Stack spacing={0.5}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{order.email}</Typography>
        <Typography color="text.secondary">
          {order.free_offer.headline} · <DateTimeText value={order.created_at} />
        </Typography>
        {order.lines.length > 0 && (
          // Every charge of the order, after-purchase offers included (D34), and what went back of them.
          <Typography>
            Paid <strong>{totalOf(order, order.lines)}</strong>
            {refundedLines.length > 0 && <> · refunded {totalOf(order, refundedLines)}</>}
            {pendingLines.length > 0 && <> · refund pending {totalOf(order, pendingLines)}</>}
          </Typography>
        )}
      </Stack>

      {order.lines.length === 0 ? (
        <Typography color="text.secondary">Nothing was paid yet, so there is nothing to refund.</Typography>
      ) : (
        <OrderLinesList lines={order.lines} selected={selected} onToggle={toggle} disabled={refund.isPending} />
      )}

      {refundable.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" disabled={chosen.length === 0 || refund.isPending} onClick={() => setAsking(chosen)}>
            {chosen.length === 0 ? 'Refund selected' : `Refund ${totalOf(order, chosen)}`}
          </Button>
          <Button variant="outlined" disabled={refund.isPending} onClick={() => setAsking(refundable)}>
            Refund all ({totalOf(order, refundable)})
          </Button>
        </Stack>
      )}

      <ConfirmDialog
        open={asking !== null}
        title={`Refund ${asking ? totalOf(order, asking) : ''}?`}
        text={
          asking
            ? `${totalOf(order, asking)} goes back to ${order.full_name} (${order.email}) for ${listOf(asking.map((line) => line.headline))}. They are emailed about it. A refund cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  )
}
