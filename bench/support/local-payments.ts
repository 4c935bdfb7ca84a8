import type { Seller } from '../../e2e/support/funnel.js'
import type { RunningServer } from '../../e2e/support/server.js'

/**
 * The local provider's account, approved the way its onboarding page's 'Approve' button does: an
 * offer whose bump or upsell is paid can be made active only once payments are connected.
 */
export async function connectLocalPayments(server: RunningServer, seller: Seller) {
  const connect = await fetch(`${server.url}/api/v1/stripe/account/connect/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ has_stripe_account: false }),
  })
  const { url } = (await connect.json()) as { url: string }
  const link = new URL(url)
  const form = new URLSearchParams({
    account: link.searchParams.get('account') ?? '',
    token: link.searchParams.get('token') ?? '',
    decision: 'approve',
  })
  const approved = await fetch(`${server.url}${link.pathname}`, { method: 'POST', body: form, redirect: 'manual' })
  if (approved.status >= 400) throw new Error(`approving the local payment account answered ${approved.status}`)
}
