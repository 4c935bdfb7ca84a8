import type { ComponentProps, ReactNode } from 'react'
import { CardListPage } from '../../../components/card-list-page'
import { NoResults } from '../../../components/no-results'
import type { OfferListFilterName, OfferListFilters } from '../lib/offer-list-params'
import { offerListTexts } from '../lib/offer-texts'
import { OfferListToolbar } from './offer-list-toolbar'

type OfferListPageProps<T extends { id: string }> = {
  title: string
  addHref: string
  filters: OfferListFilters
  setFilter: (name: OfferListFilterName, value: string) => void
  query: ComponentProps<typeof CardListPage<T>>['query']
  renderCard: (offer: T) => ReactNode
}

/** What an empty list says: what was searched for, or that nothing is archived; the spec's words otherwise. */
function emptyText({ search, archived }: OfferListFilters): string | undefined {
  if (search) return offerListTexts.noMatch(search, archived)
  return archived ? offerListTexts.noArchived : undefined
}

/** A list screen of one kind of offer: the card grid with its search, order and Active/Archived view (issue 15). */
export function OfferListPage<T extends { id: string }>({ title, addHref, filters, setFilter, query, renderCard }: OfferListPageProps<T>) {
  return (
    <CardListPage
      title={title}
      addHref={addHref}
      page={filters.page}
      query={query}
      getKey={(offer) => offer.id}
      renderCard={renderCard}
      toolbar={<OfferListToolbar filters={filters} setFilter={setFilter} />}
      empty={<NoResults text={emptyText(filters)} />}
    />
  )
}
