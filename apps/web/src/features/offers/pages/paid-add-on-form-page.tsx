import type { FieldValues } from 'react-hook-form'
import { useParams, useSearchParams } from 'react-router'
import { offerReturnParams } from '../../../config/paths'
import { usePaidAddOn } from '../api/get-paid-add-on'
import type { PaidAddOnKind } from '../api/paid-add-on-endpoints'
import { OfferLoader } from '../components/offer-loader'
import { PaidAddOnForm, type PaidAddOnFormProps } from '../components/paid-add-on-form'
import { freeOfferReturnTo } from '../lib/return-to'

/** Add (no id) and edit (`:id`) of a BUMP or upsell offer share this page; a new id is a new form. */
export function PaidAddOnFormPage<K extends PaidAddOnKind, V extends FieldValues>({
  spec,
  Fields,
}: Pick<PaidAddOnFormProps<K, V>, 'spec' | 'Fields'>) {
  const { id } = useParams()
  const [params] = useSearchParams()
  const query = usePaidAddOn(spec.kind, id)
  const form = { spec, Fields }
  if (id === undefined) return <PaidAddOnForm key="add" {...form} returnTo={freeOfferReturnTo(params.get(offerReturnParams.returnTo))} />
  return <OfferLoader query={query}>{(offer) => <PaidAddOnForm key={offer.id} {...form} offer={offer} />}</OfferLoader>
}
