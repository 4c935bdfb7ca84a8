import type { Lead } from '@funnelry/shared'
import { Box } from '@mui/material'
import { usePageParam } from '../../../components/page-pagination'
import { useLeads } from '../api/get-leads'
import { reportPageSize } from '../api/query-keys'
import { CampaignText } from '../components/campaign-text'
import { DateTimeText } from '../components/date-time-text'
import { ExportCsvButton } from '../components/export-csv-button'
import type { ReportColumn } from '../components/report-column'
import type { CompactRow } from '../components/report-compact-list'
import { ReportFiltersBar } from '../components/report-filters-bar'
import { ReportPage } from '../components/report-page'
import { VariantText } from '../components/variant-text'
import { leadFiltersOf } from '../lib/report-filters'
import { useReportFilters } from '../lib/use-report-filters'

const columns: ReportColumn<Lead>[] = [
  { header: 'Name', render: (lead) => lead.full_name },
  { header: 'Email', render: (lead) => lead.email },
  { header: 'Free offer', render: (lead) => lead.free_offer.headline },
  { header: 'Campaign', render: (lead) => <CampaignText utm={lead.utm} /> },
  { header: 'Variant', render: (lead) => <VariantText variant={lead.variant} /> },
  { header: 'Signed up', render: (lead) => <DateTimeText value={lead.created_at} /> },
]

/** Below md: who signed up (name and email), then when, for which offer and from which campaign. */
const compact: CompactRow<Lead> = {
  primary: (lead) => (
    <>
      <Box component="strong" sx={{ fontWeight: 600, flexShrink: 0, maxWidth: '50%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {lead.full_name}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {lead.email}
      </Box>
    </>
  ),
  secondary: (lead) => (
    <>
      <DateTimeText value={lead.created_at} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {lead.free_offer.headline}
      </Box>
      <CampaignText utm={lead.utm} inline />
    </>
  ),
}

/** Who opted in, newest first: search, filters and page in the URL; 'Export CSV' takes the same filters. */
export default function LeadsPage() {
  const page = usePageParam()
  const filters = leadFiltersOf(useReportFilters().filters)
  const query = useLeads({ page, page_size: reportPageSize, ...filters })
  return (
    <ReportPage
      title="Leads"
      actions={<ExportCsvButton kind="leads" filters={filters} />}
      filters={<ReportFiltersBar />}
      page={page}
      pageSize={reportPageSize}
      query={query}
      columns={columns}
      compact={compact}
      getKey={(lead) => lead.id}
    />
  )
}
