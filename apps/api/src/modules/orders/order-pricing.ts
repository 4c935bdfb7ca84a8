import { type CurrencyId, currencyById, defaultCurrency, type FieldErrors, paymentMessages } from '@funnelry/shared'
import { PaymentError, ValidationError } from '../../lib/errors.js'
import type { FreeOfferWithAttachments } from '../offers/free-offer-repository.js'

/** What the visitor chose on the page; null is "not chosen". */
export type OrderChoices = { bumpOfferId: string | null; upsellOfferId: string | null }

export type PricedOrder = OrderChoices & { amountCents: number; currency: CurrencyId }

/**
 * Decisions, "The server is the authority for money": the total is the bump's new price if it was
 * chosen plus the upsell's product price if it was accepted, both read from the database. Only the
 * bump and upsell attached to this free offer (and owned by its seller) can be named; anything
 * else is a field error on the field that named it.
 */
export function priceOrder({ offer, bump, upsell }: FreeOfferWithAttachments, choices: OrderChoices): PricedOrder {
  const attachedBump = bump && bump.id === offer.bumpOfferId && bump.sellerId === offer.sellerId ? bump : null
  const attachedUpsell = upsell && upsell.id === offer.upsellOfferId && upsell.sellerId === offer.sellerId ? upsell : null

  const errors: FieldErrors = {}
  if (choices.bumpOfferId !== null && choices.bumpOfferId !== attachedBump?.id) errors.bump_offer_id = [paymentMessages.bumpNotOffered]
  if (choices.upsellOfferId !== null && choices.upsellOfferId !== attachedUpsell?.id) {
    errors.upsell_offer_id = [paymentMessages.upsellNotOffered]
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)

  const chosenBump = choices.bumpOfferId === null ? null : attachedBump
  const chosenUpsell = choices.upsellOfferId === null ? null : attachedUpsell
  // Saving a free offer already refuses a bump and an upsell in two currencies; this only guards
  // rows written before that rule, because two currencies cannot be added up.
  if (chosenBump && chosenUpsell && chosenBump.currency !== chosenUpsell.currency) {
    throw new PaymentError('This offer cannot be bought right now: its prices use two currencies.')
  }
  // The currency of what is bought, else of what is attached (the page shows those prices), else D2's default.
  const currency = chosenBump?.currency ?? chosenUpsell?.currency ?? attachedBump?.currency ?? attachedUpsell?.currency ?? defaultCurrency

  return {
    bumpOfferId: chosenBump?.id ?? null,
    upsellOfferId: chosenUpsell?.id ?? null,
    // A bump saved without a new price is given away with the order.
    amountCents: (chosenBump?.newPriceCents ?? 0) + (chosenUpsell?.productPriceCents ?? 0),
    currency: currencyById(currency).value,
  }
}
