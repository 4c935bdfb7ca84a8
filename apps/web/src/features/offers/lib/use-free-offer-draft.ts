import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { offerReturnParams } from '../../../config/paths'
import { clearFreeOfferDraft, restoreFreeOfferDraft } from './free-offer-draft-values'
import type { FreeOfferFormValues } from './free-offer-form-values'

/**
 * The draft's life on a free offer page (spec section 2). On arrival the page's draft is read (the
 * seller is back from 'Add New'), and the new BUMP or OTO named by `selectBump`/`selectUpsell` is
 * chosen. On leaving, the draft is cleared, unless the seller left through 'Add New' (`keepDraft`).
 * Either one means the form starts with changes not yet saved (`carriesChanges`).
 */
export function useFreeOfferDraft(offerId: string | null) {
  const [params] = useSearchParams()
  // Read once, while mounting: the clean-up below may clear the storage before an edit form has its offer.
  const [restored] = useState(() => restoreFreeOfferDraft(offerId))
  const keep = useRef(false)

  useEffect(
    () => () => {
      if (!keep.current) clearFreeOfferDraft()
    },
    [],
  )

  /** The form's first values: the draft if there is one, else `fallback` (empty, or the offer being edited). */
  const initialValues = (fallback: FreeOfferFormValues): FreeOfferFormValues => {
    const values = restored ?? fallback
    return {
      ...values,
      bump_offer_id: params.get(offerReturnParams.selectBump) ?? values.bump_offer_id,
      upsell_offer_id: params.get(offerReturnParams.selectUpsell) ?? values.upsell_offer_id,
    }
  }

  const selected = params.has(offerReturnParams.selectBump) || params.has(offerReturnParams.selectUpsell)

  return {
    initialValues,
    carriesChanges: restored !== null || selected,
    keepDraft: () => {
      keep.current = true
    },
  }
}
