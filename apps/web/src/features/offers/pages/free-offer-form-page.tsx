import { useParams } from 'react-router'
import { useFreeOffer } from '../api/get-free-offer'
import { FreeOfferForm } from '../components/free-offer-form'
import { OfferFunnelPanel } from '../components/offer-funnel-panel'
import { OfferLoader } from '../components/offer-loader'
import { attachedAddOns } from '../lib/attached-add-ons'
import { emptyFreeOfferValues, freeOfferValues } from '../lib/free-offer-form-values'
import { useFreeOfferDraft } from '../lib/use-free-offer-draft'

/** Add (no id) and edit (`:id`) share this page; a new id is a new screen, so its draft is read afresh. */
export default function FreeOfferFormPage() {
  const { id } = useParams()
  return <FreeOfferScreen key={id ?? 'add'} id={id} />
}

function FreeOfferScreen({ id }: { id?: string }) {
  const query = useFreeOffer(id)
  const draft = useFreeOfferDraft(id ?? null)
  if (id === undefined)
    return (
      <FreeOfferForm
        initialValues={draft.initialValues(emptyFreeOfferValues)}
        carriesChanges={draft.carriesChanges}
        onKeepDraft={draft.keepDraft}
      />
    )
  return (
    <OfferLoader query={query}>
      {(offer) => (
        <>
          <FreeOfferForm
            offer={offer}
            initialValues={draft.initialValues(freeOfferValues(offer))}
            carriesChanges={draft.carriesChanges}
            onKeepDraft={draft.keepDraft}
          />
          <OfferFunnelPanel offerId={offer.id} attached={attachedAddOns(offer)} />
        </>
      )}
    </OfferLoader>
  )
}
