import { type CurrencyId, currencyById, defaultCurrency, type FieldErrors, paymentMessages } from '@funnelry/shared'
import { PaymentError, ValidationError } from '../../lib/errors.js'
import { type FreeOfferWithAttachments, offeredBump, offeredUpsell } from '../offers/offers-module.js'

/** What the visitor chose on the page; null is "not chosen". */
export type OrderChoices = { bumpOfferId: string | null; upsellOfferId: string | null }

export type PricedOrder = OrderChoices & {
  amountCents: number
  currency: CurrencyId
  /** Each chosen item's price, kept on the order so its receipt adds up to what was charged. */
  bumpPriceCents: number | null
  upsellPriceCents: number | null
}

/**
 * Decisions, "The server is the authority for money": the total is the bump's new price if it was
 * chosen plus the upsell's product price if it was accepted, both read from the database. Only the
 * bump and upsell attached to this free offer (owned by its seller, and priced above zero: D19) can
 * be named; anything else is a field error on the field that named it.
 */
export function priceOrder(checkout: FreeOfferWithAttachments, choices: OrderChoices): PricedOrder {
  const attachedBump = offeredBump(checkout)
  const attachedUpsell = offeredUpsell(checkout)

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
  const bumpPriceCents = chosenBump ? chosenBump.priceCents : null
  const upsellPriceCents = chosenUpsell ? chosenUpsell.priceCents : null

  return {
    bumpOfferId: chosenBump?.id ?? null,
    upsellOfferId: chosenUpsell?.id ?? null,
    amountCents: (bumpPriceCents ?? 0) + (upsellPriceCents ?? 0),
    currency: currencyById(currency).value,
    bumpPriceCents,
    upsellPriceCents,
  }
}
