import { Stack, useMediaQuery } from '@mui/material'
import type { Theme } from '@mui/material/styles'
import { SearchField } from '../../../components/search-field'
import { useReportFilters } from '../lib/use-report-filters'
import { FiltersButton } from './filters-button'
import { ReportFilterFields } from './report-filter-fields'

/**
 * Search, free offer, date range and (for orders) status, all kept in the URL. Dates are the
 * API's inclusive UTC days. Below md only the search stays in view, beside a 'Filters' button.
 */
export function ReportFiltersBar({ withStatus = false }: { withStatus?: boolean }) {
  const filters = useReportFilters()
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true })
  const search = (
    <SearchField label="Search name or email" value={filters.fields.search} onSearch={(value) => filters.setFilter('search', value)} />
  )

  if (compact)
    return (
      <Stack
        role="search"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start', '& > .MuiTextField-root': { flexGrow: 1, minWidth: 0 } }}
      >
        {search}
        <FiltersButton filters={filters} withStatus={withStatus} />
      </Stack>
    )

  return (
    <Stack role="search" direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {search}
      <ReportFilterFields filters={filters} withStatus={withStatus} stacked={false} />
    </Stack>
  )
}
