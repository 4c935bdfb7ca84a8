import { type CurrencyId, upsellOfferFields } from '@funnelry/shared'
import type { ImageValue } from '../../../components/image-drop-zone'
import { paidAddOnFormSpec } from './paid-add-on-form-spec'

/** The upsell (OTO) offer form: headline, URL, button text and price are required (spec section 5). */
export type UpsellOfferFormValues = {
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

export const upsellOfferFormSpec = paidAddOnFormSpec<'upsell', UpsellOfferFormValues>('upsell', upsellOfferFields, {
  required: ['headline', 'url', 'opt_in_button', 'product_price'],
  optional: ['video_url', 'description'],
  images: ['asset_image', 'logo'],
})
