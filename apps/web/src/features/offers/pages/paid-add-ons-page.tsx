import type { ComponentType } from 'react'
import { usePaidAddOns } from '../api/get-paid-add-ons'
import type { PaidAddOn, PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { OfferListPage } from '../components/offer-list-page'
import { useOfferListFilters } from '../lib/offer-list-params'

type PaidAddOnsPageProps<K extends PaidAddOnKind> = {
  kind: K
  title: string
  addHref: string
  Card: ComponentType<{ offer: PaidAddOn<K> }>
}

/** The card grid of the BUMP or upsell offers, paginated, searched, ordered and filtered by the URL's query. */
export function PaidAddOnsPage<K extends PaidAddOnKind>({ kind, title, addHref, Card }: PaidAddOnsPageProps<K>) {
  const { filters, setFilter } = useOfferListFilters()
  const query = usePaidAddOns(kind, filters)
  return (
    <OfferListPage
      title={title}
      addHref={addHref}
      filters={filters}
      setFilter={setFilter}
      query={query}
      renderCard={(offer) => <Card offer={offer} />}
    />
  )
}
