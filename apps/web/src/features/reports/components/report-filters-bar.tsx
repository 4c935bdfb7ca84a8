import { orderStatuses } from '@funnelry/shared'
import { MenuItem, Stack, TextField } from '@mui/material'
import { useFreeOfferChoices } from '../../offers'
import { orderStatusLabels } from '../lib/order-status'
import { useReportFilters } from '../lib/use-report-filters'
import { SearchField } from './search-field'

const fieldWidth = { xs: '100%', sm: 200 } as const
const dateLabel = { inputLabel: { shrink: true } } as const

/**
 * Search, free offer, date range and (for orders) status, all kept in the URL. Dates are the
 * API's inclusive UTC days.
 */
export function ReportFiltersBar({ withStatus = false }: { withStatus?: boolean }) {
  const { fields, rangeError, setFilter } = useReportFilters()
  const offers = useFreeOfferChoices()
  const options = offers.data ?? []
  // A link may name an offer that is not among the options (not loaded yet, or past the first 100).
  const unknownOffer = fields.free_offer !== '' && !options.some((offer) => offer.id === fields.free_offer)

  return (
    <Stack role="search" direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <SearchField label="Search name or email" value={fields.search} onSearch={(value) => setFilter('search', value)} />
      <TextField
        select
        size="small"
        label="Free offer"
        value={fields.free_offer}
        onChange={(event) => setFilter('free_offer', event.target.value)}
        sx={{ width: { xs: '100%', sm: 240 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All free offers</MenuItem>
        {options.map((offer) => (
          <MenuItem key={offer.id} value={offer.id}>
            {offer.headline}
          </MenuItem>
        ))}
        {unknownOffer && (
          <MenuItem value={fields.free_offer} disabled>
            {offers.isPending ? 'Loading…' : 'The chosen offer'}
          </MenuItem>
        )}
      </TextField>
      <TextField
        type="date"
        size="small"
        label="From"
        value={fields.date_from}
        onChange={(event) => setFilter('date_from', event.target.value)}
        slotProps={{ ...dateLabel, htmlInput: { max: fields.date_to || undefined } }}
        sx={{ width: fieldWidth }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={fields.date_to}
        onChange={(event) => setFilter('date_to', event.target.value)}
        error={rangeError !== undefined}
        helperText={rangeError}
        slotProps={{ ...dateLabel, htmlInput: { min: fields.date_from || undefined } }}
        sx={{ width: fieldWidth }}
      />
      {withStatus && (
        <TextField
          select
          size="small"
          label="Status"
          value={fields.status}
          onChange={(event) => setFilter('status', event.target.value)}
          sx={{ width: { xs: '100%', sm: 160 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {orderStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {orderStatusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  )
}
