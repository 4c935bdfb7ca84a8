import { Pagination, PaginationItem } from '@mui/material'
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router'

/** The list page from the `page` query parameter: a whole number from 1, anything else is 1. */
export function usePageParam(): number {
  const [params] = useSearchParams()
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

type PagePaginationProps = {
  page: number
  pageCount: number
  /** Called when a page link is followed, e.g. to bring the top of the list into view. */
  onNavigate?: () => void
}

/**
 * Page links driven by the `page` query parameter (spec section 9: 1 boundary page, 1 sibling).
 * Real links, so a page can be opened in a new tab or shared. Hidden when there is one page.
 */
export function PagePagination({ page, pageCount, onNavigate }: PagePaginationProps) {
  const [params] = useSearchParams()
  const searchFor = (target: number) => {
    const next = new URLSearchParams(params)
    if (target > 1) next.set('page', String(target))
    else next.delete('page')
    const search = next.toString()
    return search ? `?${search}` : ''
  }

  // A page past the end (an old link, a deleted row) would show an empty list with no way back.
  if (page > pageCount) return <Navigate to={{ search: searchFor(pageCount) }} replace />
  if (pageCount <= 1) return null

  return (
    <Pagination
      page={page}
      count={pageCount}
      boundaryCount={1}
      siblingCount={1}
      color="primary"
      sx={{ display: 'flex', justifyContent: 'center', '& ul': { justifyContent: 'center' } }}
      renderItem={(item) => (
        <PaginationItem
          {...item}
          component={RouterLink}
          to={{ search: searchFor(item.page ?? 1) }}
          onClick={(event: React.MouseEvent<HTMLElement>) => {
            item.onClick(event)
            onNavigate?.()
          }}
        />
      )}
    />
  )
}
