import { type CurrencyId, defaultCurrency, type UpsellOffer, upsellOfferFields } from '@funnelry/shared'
import { z } from 'zod'
import type { ImageValue } from '../../../components/image-drop-zone'
import { imageUpload, type MultipartValue, optionalText, toFormData } from './offer-form-data'
import { showAwareResolver } from './show-aware-resolver'

/** The OTO offer form: headline, URL, button text and price are required (spec section 5). */
export type OtoOfferFormValues = {
  headline: string
  url: string
  opt_in_button: string
  product_price: string
  currency: CurrencyId
  video_url: string
  description: string
  asset_image: ImageValue
  logo: ImageValue
  show: { video_url: boolean; description: boolean; asset_image: boolean; logo: boolean }
}

export const emptyOtoOfferValues: OtoOfferFormValues = {
  headline: '',
  url: '',
  opt_in_button: '',
  product_price: '',
  currency: defaultCurrency,
  video_url: '',
  description: '',
  asset_image: null,
  logo: null,
  show: { video_url: true, description: true, asset_image: true, logo: true },
}

export function otoOfferValues(offer: UpsellOffer): OtoOfferFormValues {
  return {
    headline: offer.headline,
    url: offer.url ?? '',
    opt_in_button: offer.opt_in_button,
    product_price: offer.product_price,
    currency: offer.currency as CurrencyId,
    video_url: offer.video_url ?? '',
    description: offer.description ?? '',
    asset_image: offer.asset_image,
    logo: offer.logo,
    show: {
      video_url: offer.video_url !== null,
      description: offer.description !== null,
      asset_image: offer.asset_image !== null,
      logo: offer.logo !== null,
    },
  }
}

export const otoOfferResolver = showAwareResolver<OtoOfferFormValues>((show) =>
  z.object({
    headline: upsellOfferFields.headline,
    url: upsellOfferFields.url,
    opt_in_button: upsellOfferFields.opt_in_button,
    product_price: upsellOfferFields.product_price,
    currency: upsellOfferFields.currency,
    video_url: show.video_url ? upsellOfferFields.video_url : z.unknown(),
    description: show.description ? upsellOfferFields.description : z.unknown(),
  }),
)

export const otoOfferFieldNames = Object.keys(upsellOfferFields)

/** The multipart body of POST/PUT /upsell-offer/. */
export function otoOfferFormData(values: OtoOfferFormValues, stored?: UpsellOffer): FormData {
  const { show } = values
  const fields = {
    headline: values.headline.trim(),
    url: values.url.trim(),
    opt_in_button: values.opt_in_button.trim(),
    product_price: values.product_price.trim(),
    currency: String(values.currency),
    video_url: optionalText(values.video_url, show.video_url),
    description: optionalText(values.description, show.description),
    asset_image: imageUpload(values.asset_image, show.asset_image, stored?.asset_image ?? null),
    logo: imageUpload(values.logo, show.logo, stored?.logo ?? null),
  } satisfies Record<keyof typeof upsellOfferFields, MultipartValue>
  return toFormData(fields)
}
