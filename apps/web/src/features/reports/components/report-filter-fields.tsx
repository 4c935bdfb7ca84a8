import { orderStatuses } from '@funnelry/shared'
import { MenuItem, TextField } from '@mui/material'
import { SearchField } from '../../../components/search-field'
import { useFreeOfferChoices } from '../../offers'
import { orderStatusLabels } from '../lib/order-status'
import type { useReportFilters } from '../lib/use-report-filters'

type ReportFilterFieldsProps = {
  filters: ReturnType<typeof useReportFilters>
  withStatus: boolean
  /** In the phone's filters dialog: one field a line, full width. */
  stacked: boolean
}

const dateLabel = { inputLabel: { shrink: true } } as const

/** Free offer, date range, campaign, source and (for orders) status: inline on a wide screen, in the filters dialog below md. */
export function ReportFilterFields({ filters, withStatus, stacked }: ReportFilterFieldsProps) {
  const { fields, rangeError, setFilter } = filters
  const offers = useFreeOfferChoices()
  const options = offers.data ?? []
  // A link may name an offer that is not among the options (not loaded yet, or past the first 100).
  const unknownOffer = fields.free_offer !== '' && !options.some((offer) => offer.id === fields.free_offer)
  const width = (wide: number) => (stacked ? '100%' : wide)

  return (
    <>
      <TextField
        select
        size="small"
        label="Free offer"
        value={fields.free_offer}
        onChange={(event) => setFilter('free_offer', event.target.value)}
        sx={{ width: width(240) }}
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
        sx={{ width: width(200) }}
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
        sx={{ width: width(200) }}
      />
      {/* Decision D37: exact names, as the ad's link tagged them; applied once typing pauses. */}
      <SearchField label="Campaign" value={fields.utm_campaign} onSearch={(value) => setFilter('utm_campaign', value)} />
      <SearchField label="Source" value={fields.utm_source} onSearch={(value) => setFilter('utm_source', value)} />
      {withStatus && (
        <TextField
          select
          size="small"
          label="Status"
          value={fields.status}
          onChange={(event) => setFilter('status', event.target.value)}
          sx={{ width: width(160) }}
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
    </>
  )
}
