import FilterList from '@mui/icons-material/FilterList'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material'
import { useId, useState } from 'react'
import { activeFilterCount, drawerFilterNames } from '../lib/report-filters'
import type { useReportFilters } from '../lib/use-report-filters'
import { ReportFilterFields } from './report-filter-fields'

type FiltersButtonProps = { filters: ReturnType<typeof useReportFilters>; withStatus: boolean }

/**
 * Below md the filters other than search sit behind one 'Filters' button (issue 15: five stacked
 * fields pushed the list a screen down). Its label counts the filters set; each change applies at
 * once, as on a wide screen, so 'Done' only closes.
 */
export function FiltersButton({ filters, withStatus }: FiltersButtonProps) {
  const [open, setOpen] = useState(false)
  const titleId = useId()
  const count = activeFilterCount(filters.fields)

  return (
    <>
      <Button variant="outlined" startIcon={<FilterList />} onClick={() => setOpen(true)} aria-haspopup="dialog" sx={{ flexShrink: 0 }}>
        {/* The count is part of the label: a badge's bare number differed from the button's name (axe label-content-name-mismatch). */}
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Filters</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ReportFilterFields filters={filters} withStatus={withStatus} stacked />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => filters.clearFilters(drawerFilterNames)} disabled={count === 0}>
            Clear filters
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
