import { type BumpOffer, bumpOfferFields, type CurrencyId, defaultCurrency } from '@funnelry/shared'
import { z } from 'zod'
import type { ImageValue } from '../../../components/image-drop-zone'
import { imageUpload, type MultipartValue, optionalText, toFormData } from './offer-form-data'
import { showAwareResolver } from './show-aware-resolver'

/** The BUMP offer form: only the URL is required (spec section 5); everything else has a 'show' box. */
export type BumpOfferFormValues = {
  url: string
  headline: string
  description: string
  old_price: string
  new_price: string
  currency: CurrencyId
  asset_image: ImageValue
  show: { headline: boolean; description: boolean; old_price: boolean; new_price: boolean; asset_image: boolean }
}

export const emptyBumpOfferValues: BumpOfferFormValues = {
  url: '',
  headline: '',
  description: '',
  old_price: '',
  new_price: '',
  currency: defaultCurrency,
  asset_image: null,
  show: { headline: true, description: true, old_price: true, new_price: true, asset_image: true },
}

export function bumpOfferValues(offer: BumpOffer): BumpOfferFormValues {
  return {
    url: offer.url,
    headline: offer.headline ?? '',
    description: offer.description ?? '',
    old_price: offer.old_price ?? '',
    new_price: offer.new_price ?? '',
    currency: offer.currency as CurrencyId,
    asset_image: offer.asset_image,
    show: {
      headline: offer.headline !== null,
      description: offer.description !== null,
      old_price: offer.old_price !== null,
      new_price: offer.new_price !== null,
      asset_image: offer.asset_image !== null,
    },
  }
}

const optional = <S extends z.ZodType>(shown: boolean, schema: S) => (shown ? schema : z.unknown())

export const bumpOfferResolver = showAwareResolver<BumpOfferFormValues>((show) =>
  z.object({
    url: bumpOfferFields.url,
    headline: optional(show.headline, bumpOfferFields.headline),
    description: optional(show.description, bumpOfferFields.description),
    old_price: optional(show.old_price, bumpOfferFields.old_price),
    new_price: optional(show.new_price, bumpOfferFields.new_price),
    currency: bumpOfferFields.currency,
  }),
)

export const bumpOfferFieldNames = Object.keys(bumpOfferFields)

/** The multipart body of POST/PUT /bump-offer/. */
export function bumpOfferFormData(values: BumpOfferFormValues, stored?: BumpOffer): FormData {
  const { show } = values
  const fields = {
    url: values.url.trim(),
    headline: optionalText(values.headline, show.headline),
    description: optionalText(values.description, show.description),
    old_price: optionalText(values.old_price, show.old_price),
    new_price: optionalText(values.new_price, show.new_price),
    currency: String(values.currency),
    asset_image: imageUpload(values.asset_image, show.asset_image, stored?.asset_image ?? null),
  } satisfies Record<keyof typeof bumpOfferFields, MultipartValue>
  return toFormData(fields)
}
