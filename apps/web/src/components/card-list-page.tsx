import { pageCount as countPages, defaultPageSize } from '@funnelry/shared'
import { Box, Button, Card, Skeleton, Stack, Typography } from '@mui/material'
import { type ReactNode, useRef } from 'react'
import { Link as RouterLink } from 'react-router'
import { CardGrid, cardGridColumns } from './card-grid'
import { LoadFailedAlert } from './load-failed-alert'
import { NoResults } from './no-results'
import { PagePagination } from './page-pagination'

type ListQuery<T> = {
  data: { count: number; results: T[] } | undefined
  isPending: boolean
  isError: boolean
  isPlaceholderData: boolean
  refetch: () => unknown
}

type CardListPageProps<T> = {
  title: string
  /** Where 'Add New' goes. */
  addHref: string
  page: number
  query: ListQuery<T>
  getKey: (item: T) => string
  renderCard: (item: T) => ReactNode
  /** Search, sort and view controls, between the title and the cards. */
  toolbar?: ReactNode
  /** What an empty list says; the spec's 'No Results found' by default. */
  empty?: ReactNode
}

const skeletonCount = 4

function LoadingCards() {
  return (
    <Box role="status" aria-label="Loading" sx={{ display: 'grid', gridTemplateColumns: cardGridColumns, gap: { xs: 2, sm: 3 } }}>
      {Array.from({ length: skeletonCount }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <Card key={index} variant="outlined">
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Box sx={{ p: 2 }}>
            <Skeleton width="80%" />
            <Skeleton width="60%" />
          </Box>
        </Card>
      ))}
    </Box>
  )
}

/** A list screen of the dashboard: title, 'Add New', the card grid with its states, and page links. */
export function CardListPage<T>({ title, addHref, page, query, getKey, renderCard, toolbar, empty }: CardListPageProps<T>) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { data } = query
  // Optional call: jsdom has no scrollIntoView.
  const showTop = () => headingRef.current?.scrollIntoView?.({ block: 'start' })

  let content: ReactNode
  if (query.isPending) content = <LoadingCards />
  else if (query.isError || !data)
    content = <LoadFailedAlert message="The list could not be loaded." onRetry={() => void query.refetch()} />
  else if (data.results.length === 0) content = empty ?? <NoResults />
  else content = <CardGrid label={title} items={data.results} getKey={getKey} renderItem={renderCard} busy={query.isPlaceholderData} />

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography ref={headingRef} variant="h1" sx={{ fontSize: { xs: 24, sm: 28 }, scrollMarginTop: 88 }}>
          {title}
        </Typography>
        <Button component={RouterLink} to={addHref} variant="contained" sx={{ flexShrink: 0, minHeight: 44 }}>
          Add New
        </Button>
      </Stack>
      {toolbar}
      {content}
      {data && <PagePagination page={page} pageCount={countPages(data.count, defaultPageSize)} onNavigate={showTop} />}
    </Stack>
  )
}
