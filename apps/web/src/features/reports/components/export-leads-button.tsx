import type { LeadFilters } from '@funnelry/shared'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import { Button } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useExportLeads } from '../api/export-leads'

/** 'Export CSV': every lead matching `filters` (all pages), saved as the file the server names. */
export function ExportLeadsButton({ filters }: { filters: LeadFilters }) {
  const exportLeads = useExportLeads()
  const onClick = () =>
    exportLeads.mutate(filters, {
      onError: (error) => toast(detailMessage(error) ?? 'The leads could not be exported. Please try again.', 'error'),
    })

  return (
    <Button
      variant="contained"
      startIcon={<FileDownloadOutlined />}
      onClick={onClick}
      loading={exportLeads.isPending}
      sx={{ flexShrink: 0 }}
    >
      Export CSV
    </Button>
  )
}
