import { currencySymbol, formatMoney, type OfferSourceRow } from '@funnelry/shared'
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { SidewaysTable } from '../../../components/sideways-table'

const countFormat = new Intl.NumberFormat(undefined)
const headers = ['Source', 'Campaign', 'Views', 'Opt-ins', 'Orders', 'Revenue', 'Revenue per view']

/** Decision D37: the funnel by source and campaign; a visit with no campaign is "Direct". Scrolls sideways on a phone. */
export function OfferSourcesTable({ rows, currency }: { rows: OfferSourceRow[]; currency: number }) {
  const symbol = currencySymbol(currency)
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No visits in these days yet.
      </Typography>
    )
  return (
    <SidewaysTable label="By source and campaign">
      <Table size="small" aria-label="By source and campaign">
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
          {rows.map((row) => (
            <TableRow key={`${row.utm_source ?? ''}\n${row.utm_campaign ?? ''}`}>
              <TableCell>{row.utm_source ?? (row.utm_campaign ? '—' : 'Direct')}</TableCell>
              <TableCell>{row.utm_campaign ?? '—'}</TableCell>
              <TableCell align="right">{countFormat.format(row.views)}</TableCell>
              <TableCell align="right">{countFormat.format(row.opt_ins)}</TableCell>
              <TableCell align="right">{countFormat.format(row.orders)}</TableCell>
              <TableCell align="right">{formatMoney(symbol, row.revenue)}</TableCell>
              <TableCell align="right">{formatMoney(symbol, row.revenue_per_visitor)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysTable>
  )
}
