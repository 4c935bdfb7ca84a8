import { UpsellOfferFields } from '../components/upsell-offer-fields'
import { upsellOfferFormSpec } from '../lib/upsell-offer-form-values'
import { PaidAddOnFormPage } from './paid-add-on-form-page'

export default function UpsellOfferFormPage() {
  return <PaidAddOnFormPage spec={upsellOfferFormSpec} Fields={UpsellOfferFields} />
}
