import { currencySymbol, formatMoney, type Order } from '@funnelry/shared'
import { Box, Link, Stack, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { usePageParam } from '../../../components/page-pagination'
import { paths } from '../../../config/paths'
import { useOrders } from '../api/get-orders'
import { reportPageSize } from '../api/query-keys'
import { CampaignText } from '../components/campaign-text'
import { DateTimeText } from '../components/date-time-text'
import { ExportCsvButton } from '../components/export-csv-button'
import { OfferRefText } from '../components/offer-ref-text'
import { OrderStatusChip } from '../components/order-status-chip'
import { OrderUpsellsText } from '../components/order-upsells-text'
import type { ReportColumn } from '../components/report-column'
import type { CompactRow } from '../components/report-compact-list'
import { ReportFiltersBar } from '../components/report-filters-bar'
import { ReportPage } from '../components/report-page'
import { VariantText } from '../components/variant-text'
import { useReportFilters } from '../lib/use-report-filters'

const columns: ReportColumn<Order>[] = [
  {
    header: 'Buyer',
    render: (order) => (
      <Stack component="span">
        {/* The order's own page: its lines and their refunds (decision D35). */}
        <Link component={RouterLink} to={paths.dashboard.order.href(order.id)} aria-label={`Order of ${order.full_name}`}>
          {order.full_name}
        </Link>
        <Typography component="span" variant="inherit" color="text.secondary">
          {order.email}
        </Typography>
      </Stack>
    ),
  },
  { header: 'Free offer', render: (order) => order.free_offer.headline },
  { header: 'Bump', render: (order) => <OfferRefText offer={order.bump_offer} untitled="BUMP offer" /> },
  { header: 'Upsell', render: (order) => <OrderUpsellsText order={order} /> },
  { header: 'Amount', align: 'right', render: (order) => formatMoney(currencySymbol(order.currency), order.amount) },
  { header: 'Status', render: (order) => <OrderStatusChip status={order.status} /> },
  { header: 'Campaign', render: (order) => <CampaignText utm={order.utm} /> },
  { header: 'Variant', render: (order) => <VariantText variant={order.variant} /> },
  { header: 'Date', render: (order) => <DateTimeText value={order.created_at} /> },
]

/** Below md: who bought which offer, then what they paid, where the order stands, when and from which campaign. */
const compact: CompactRow<Order> = {
  primary: (order) => (
    <>
      <Box component="strong" sx={{ fontWeight: 600, flexShrink: 0, maxWidth: '60%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {order.full_name}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {order.free_offer.headline}
      </Box>
    </>
  ),
  secondary: (order) => (
    <>
      <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {formatMoney(currencySymbol(order.currency), order.amount)}
      </Box>
      <OrderStatusChip status={order.status} compact />
      <DateTimeText value={order.created_at} />
      <CampaignText utm={order.utm} inline />
    </>
  ),
}

/** What was bought, newest first, with the same filters as Leads plus the order status; 'Export CSV' takes them too. */
export default function OrdersPage() {
  const page = usePageParam()
  const { filters } = useReportFilters()
  const query = useOrders({ page, page_size: reportPageSize, ...filters })
  return (
    <ReportPage
      title="Orders"
      actions={<ExportCsvButton kind="orders" filters={filters} />}
      filters={<ReportFiltersBar withStatus />}
      page={page}
      pageSize={reportPageSize}
      query={query}
      columns={columns}
      compact={compact}
      getKey={(order) => order.id}
    />
  )
}
