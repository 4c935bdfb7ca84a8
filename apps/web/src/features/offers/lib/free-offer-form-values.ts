import { type FreeOffer, freeOfferFields } from '@funnelry/shared'
import { z } from 'zod'
import type { ImageValue } from '../../../components/image-drop-zone'
import { imageUpload, type MultipartValue, optionalText, toFormData } from './offer-form-data'
import { showAwareResolver } from './show-aware-resolver'

/** The free offer form: the shared fields as the screen holds them, plus the 'show' boxes of the optional ones. */
export type FreeOfferFormValues = {
  headline: string
  sub_headline: string
  url: string
  opt_in_button: string
  is_active: boolean
  asset_image: ImageValue
  logo: ImageValue
  bump_offer_id: string
  upsell_offer_id: string
  /** Decision D34: up to 3 steps after the payment; '' for no downsell. */
  after_purchase: { upsell_offer_id: string; downsell_offer_id: string }[]
  show: { sub_headline: boolean; asset_image: boolean; logo: boolean }
}

export const emptyFreeOfferValues: FreeOfferFormValues = {
  headline: '',
  sub_headline: '',
  url: '',
  opt_in_button: '',
  is_active: true,
  asset_image: null,
  logo: null,
  bump_offer_id: '',
  upsell_offer_id: '',
  after_purchase: [],
  show: { sub_headline: true, asset_image: true, logo: true },
}

/** An offer being edited; an optional field starts shown when it has a value. */
export function freeOfferValues(offer: FreeOffer): FreeOfferFormValues {
  return {
    headline: offer.headline,
    sub_headline: offer.sub_headline ?? '',
    url: offer.url ?? '',
    opt_in_button: offer.opt_in_button,
    is_active: offer.is_active,
    asset_image: offer.asset_image,
    logo: offer.logo,
    bump_offer_id: offer.bump_offer_id ?? '',
    upsell_offer_id: offer.upsell_offer_id ?? '',
    after_purchase: offer.after_purchase.map((step) => ({
      upsell_offer_id: step.upsell_offer_id,
      downsell_offer_id: step.downsell_offer_id ?? '',
    })),
    show: { sub_headline: offer.sub_headline !== null, asset_image: offer.asset_image !== null, logo: offer.logo !== null },
  }
}

export const freeOfferResolver = showAwareResolver<FreeOfferFormValues>((show) =>
  z.object({
    headline: freeOfferFields.headline,
    url: freeOfferFields.url,
    opt_in_button: freeOfferFields.opt_in_button,
    sub_headline: show.sub_headline ? freeOfferFields.sub_headline : z.unknown(),
  }),
)

/** The fields the server may key errors by. */
export const freeOfferFieldNames = Object.keys(freeOfferFields)

/** The multipart body of POST/PUT /free-product/: only the API's fields (never `price`), images only when changed. */
export function freeOfferFormData(values: FreeOfferFormValues, stored?: FreeOffer): FormData {
  const fields = {
    headline: values.headline.trim(),
    sub_headline: optionalText(values.sub_headline, values.show.sub_headline),
    url: values.url.trim(),
    opt_in_button: values.opt_in_button.trim(),
    is_active: String(values.is_active),
    asset_image: imageUpload(values.asset_image, values.show.asset_image, stored?.asset_image ?? null),
    logo: imageUpload(values.logo, values.show.logo, stored?.logo ?? null),
    bump_offer_id: values.bump_offer_id,
    upsell_offer_id: values.upsell_offer_id,
    // One field holding the JSON array (decision D34); a step without an OTO chosen is left out.
    after_purchase: JSON.stringify(
      values.after_purchase
        .filter((step) => step.upsell_offer_id !== '')
        .map((step) => ({ upsell_offer_id: step.upsell_offer_id, downsell_offer_id: step.downsell_offer_id || null })),
    ),
  } satisfies Record<keyof typeof freeOfferFields, MultipartValue>
  return toFormData(fields)
}
