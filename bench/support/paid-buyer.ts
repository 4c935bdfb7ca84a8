import type { RunningServer } from '../../e2e/support/server.js'

export const postJson = (server: RunningServer, path: string, body: unknown, address: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  })

/**
 * Buyer number `n` pays the offer with its bump through the API (intent, then the local provider's
 * test card), each from an address of its own; answers the order's receipt reference.
 */
export async function payAsBuyer(server: RunningServer, offer: { id: string; bumpId: string }, n: number): Promise<string> {
  const address = `10.${(n >> 8) & 255}.${n & 255}.1`
  const intent = await postJson(
    server,
    '/api/v1/stripe/payment-intent/',
    { full_name: `Buyer ${n}`, email: `b${n}@bench.example`, product_id: offer.id, bump_offer_id: offer.bumpId },
    address,
  )
  const { client_secret, order_reference } = (await intent.json()) as { client_secret: string; order_reference: string }
  const paid = await postJson(server, '/api/v1/payments/local/confirm/', { client_secret, card_number: '4242424242424242' }, address)
  if (paid.status !== 200) throw new Error(`a first payment answered ${paid.status}`)
  return order_reference
}
