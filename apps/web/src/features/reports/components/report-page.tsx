import { pageCount } from '@funnelry/shared'
import { Box, Skeleton, Stack, Typography } from '@mui/material'
import { type ReactNode, useRef } from 'react'
import { LoadFailedAlert } from '../../../components/load-failed-alert'
import { NoResults } from '../../../components/no-results'
import { PagePagination } from '../../../components/page-pagination'
import { detailMessage } from '../../../lib/api-error'
import type { ReportColumn } from './report-column'
import type { CompactRow } from './report-compact-list'
import { ReportTable } from './report-table'

type ListQuery<T> = {
  data: { count: number; count_is_estimate?: true; results: T[] } | undefined
  error: unknown
  isPending: boolean
  isError: boolean
  isPlaceholderData: boolean
  refetch: () => unknown
}

type ReportPageProps<T> = {
  title: string
  /** Buttons beside the title, e.g. 'Export CSV'. */
  actions?: ReactNode
  filters: ReactNode
  page: number
  pageSize: number
  query: ListQuery<T>
  columns: readonly ReportColumn<T>[]
  /** A record's two lines below md. */
  compact: CompactRow<T>
  getKey: (row: T) => string
}

function LoadingRows() {
  return (
    <Box role="status" aria-label="Loading">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <Skeleton key={index} variant="rounded" height={40} sx={{ mb: 1 }} />
      ))}
    </Box>
  )
}

/** "1 result", "40 results", or "about 41,200 results" when the server could only estimate (a big search). */
const resultCount = ({ count, count_is_estimate }: { count: number; count_is_estimate?: true }) =>
  count_is_estimate ? `about ${count.toLocaleString('en-US')} results` : `${count} ${count === 1 ? 'result' : 'results'}`

/** A report screen: title and actions, filters, the rows with their states, and page links. */
export function ReportPage<T>({ title, actions, filters, page, pageSize, query, columns, compact, getKey }: ReportPageProps<T>) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { data } = query
  // Optional call: jsdom has no scrollIntoView.
  const showTop = () => headingRef.current?.scrollIntoView?.({ block: 'start' })

  let content: ReactNode
  if (query.isPending) content = <LoadingRows />
  else if (query.isError || !data)
    content = (
      <LoadFailedAlert
        message={detailMessage(query.error) ?? `The ${title.toLowerCase()} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    )
  else if (data.results.length === 0) content = <NoResults />
  else
    content = (
      <ReportTable label={title} rows={data.results} columns={columns} compact={compact} getKey={getKey} busy={query.isPlaceholderData} />
    )

  return (
    // Tighter on a phone, where every pixel of height is another row of the list.
    <Stack spacing={{ xs: 2, md: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography ref={headingRef} variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, scrollMarginTop: 88 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {filters}
      {data && data.results.length > 0 && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {resultCount(data)}
        </Typography>
      )}
      {content}
      {data && <PagePagination page={page} pageCount={pageCount(data.count, pageSize)} onNavigate={showTop} />}
    </Stack>
  )
}
