import { createBumpOffer, createFreeOffer, createSeller } from '../../e2e/support/funnel.js'
import type { RunningServer } from '../../e2e/support/server.js'
import { connectLocalPayments } from './local-payments.js'

/** The checkout benches' funnel: a seller with approved local payments, a $19 bump and a live free offer with it. */
export async function createBumpFunnel(server: RunningServer) {
  const seller = await createSeller(server, 'checkout@example.com')
  await connectLocalPayments(server, seller)
  const bump = await createBumpOffer(server, seller, {
    url: 'https://files.example/checklists.pdf',
    headline: 'The launch checklists',
    description: 'Printable checklists',
    old_price: '49.00',
    new_price: '19.00',
    currency: '1',
  })
  const offer = await createFreeOffer(server, seller, {
    headline: 'The Seven-Day Meal Plan',
    url: 'https://files.example/meal-plan.pdf',
    opt_in_button: 'Send me the plan',
    is_active: 'true',
    bump_offer_id: String(bump.id),
  })
  return { seller, bump, offer }
}
