import { type AfterPurchaseStepStats, currencySymbol, formatMoney } from '@funnelry/shared'
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import { SidewaysTable } from '../../../components/sideways-table'

const countFormat = new Intl.NumberFormat(undefined)
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 })
const headers = ['Step', 'Offer', 'Shown', 'Accepted', 'Declined', 'Take rate', 'Revenue']

type OfferFigures = AfterPurchaseStepStats['upsell']

/** Issue 26: each after-purchase step's upsell and downsell over the chosen days. Scrolls sideways on a phone. */
export function AfterPurchaseTable({ steps, currency }: { steps: AfterPurchaseStepStats[]; currency: number }) {
  const symbol = currencySymbol(currency)
  const row = (label: string, figures: OfferFigures) => (
    <TableRow key={label}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{label}</TableCell>
      <TableCell>{figures.headline}</TableCell>
      <TableCell align="right">{countFormat.format(figures.shown)}</TableCell>
      <TableCell align="right">{countFormat.format(figures.accepted)}</TableCell>
      <TableCell align="right">{countFormat.format(figures.declined)}</TableCell>
      <TableCell align="right">{percentFormat.format(figures.take_rate)}</TableCell>
      <TableCell align="right">{formatMoney(symbol, figures.revenue)}</TableCell>
    </TableRow>
  )
  return (
    <SidewaysTable label="After purchase">
      <Table size="small" aria-label="After purchase">
        <TableHead>
          <TableRow>
            {headers.map((header, index) => (
              <TableCell key={header} align={index > 1 ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.flatMap((step) => [
            row(`Step ${step.step}`, step.upsell),
            ...(step.downsell ? [row(`Step ${step.step} downsell`, step.downsell)] : []),
          ])}
        </TableBody>
      </Table>
    </SidewaysTable>
  )
}
