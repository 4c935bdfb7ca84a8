import type { ComponentType } from 'react'
import { CardListPage } from '../../../components/card-list-page'
import { usePageParam } from '../../../components/page-pagination'
import { usePaidAddOns } from '../api/get-paid-add-ons'
import type { PaidAddOn, PaidAddOnKind } from '../api/paid-add-on-endpoints'

type PaidAddOnsPageProps<K extends PaidAddOnKind> = {
  kind: K
  title: string
  addHref: string
  Card: ComponentType<{ offer: PaidAddOn<K> }>
}

/** The card grid of the BUMP or upsell offers, paginated by the page query parameter. */
export function PaidAddOnsPage<K extends PaidAddOnKind>({ kind, title, addHref, Card }: PaidAddOnsPageProps<K>) {
  const page = usePageParam()
  const query = usePaidAddOns(kind, page)
  return (
    <CardListPage
      title={title}
      addHref={addHref}
      page={page}
      query={query}
      getKey={(offer) => offer.id}
      renderCard={(offer) => <Card offer={offer} />}
    />
  )
}
