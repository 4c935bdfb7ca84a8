import type { OrderFilters } from '@funnelry/shared'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import { Button } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { type ReportKind, useExportReport } from '../api/export-report'

/** 'Export CSV': every lead or order matching `filters` (all pages), saved as the file the server names. */
export function ExportCsvButton({ kind, filters }: { kind: ReportKind; filters: OrderFilters }) {
  const exportReport = useExportReport(kind)
  const onClick = () =>
    exportReport.mutate(filters, {
      onError: (error) => toast(detailMessage(error) ?? `The ${kind} could not be exported. Please try again.`, 'error'),
    })

  return (
    <Button
      variant="contained"
      startIcon={<FileDownloadOutlined />}
      onClick={onClick}
      loading={exportReport.isPending}
      sx={{ flexShrink: 0 }}
    >
      Export CSV
    </Button>
  )
}
