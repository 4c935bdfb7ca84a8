import { BumpOfferFields } from '../components/bump-offer-fields'
import { bumpOfferFormSpec } from '../lib/bump-offer-form-values'
import { PaidAddOnFormPage } from './paid-add-on-form-page'

export default function BumpOfferFormPage() {
  return <PaidAddOnFormPage spec={bumpOfferFormSpec} Fields={BumpOfferFields} />
}
