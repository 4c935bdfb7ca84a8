import { bumpOfferFields, type CurrencyId } from '@funnelry/shared'
import type { ImageValue } from '../../../components/image-drop-zone'
import { paidAddOnFormSpec } from './paid-add-on-form-spec'

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

export const bumpOfferFormSpec = paidAddOnFormSpec<'bump', BumpOfferFormValues>('bump', bumpOfferFields, {
  required: ['url'],
  optional: ['headline', 'description', 'old_price', 'new_price'],
  images: ['asset_image'],
})
