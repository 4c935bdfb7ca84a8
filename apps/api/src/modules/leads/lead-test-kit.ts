import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { findLeadOffer, type LeadOffer } from './lead-recording.js'

/** Helpers the lead capture tests share (never imported by the app). */

/**
 * A new seller's free offer, as lead recording reads it, and a CRM webhook whose address does not
 * resolve: its deliveries only fail and retry in the background, while every lead still owes one.
 */
export async function offerWithWebhook(ctx: TestApp, headline: string): Promise<{ sellerId: string; offer: LeadOffer }> {
  const sellerId = (await createSeller(ctx)).seller.id
  const { id } = await insertFreeOffer(ctx, sellerId, { headline })
  const offer = await findLeadOffer(ctx.db, id)
  if (!offer) throw new Error('the offer was not stored')
  await configureWebhook(ctx, sellerId, 'https://crm.example/hook')
  return { sellerId, offer }
}
