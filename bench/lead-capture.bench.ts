/**
 * Lead capture under an ad campaign from behind one carrier address: 50 connections from ONE
 * client address, each request a distinct visitor, against a bare Fastify server (its own process)
 * parsing a similar POST, interleaved round by round. Every 201 the product answered must be a
 * stored lead afterwards (acknowledged only once committed). The seller has a CRM webhook, so each
 * lead is stored with its webhook job and its download email job. Prints medians; exits 1 when the
 * product stores under 2,000 leads/s, its p99 is 50 ms or more, or an acknowledged lead is missing.
 */
import { createFreeOffer, createSeller, queryDatabase, setCompanyLinks } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'
import { startBareServer } from './support/bare.js'
import { type Measurement, measure, summarize } from './support/measure.js'

const rounds = 3
const secondsPerRun = 4
const goals = { minLeadsPerSecond: 2000, maxP99Ms: 50 }

const server = await startServer({ LOG_LEVEL: 'warn' })
const bare = await startBareServer()
try {
  const seller = await createSeller(server, 'leads@example.com')
  await setCompanyLinks(server, seller, { webhook_url: `${bare.url}/hook`, webhook_keys: { email: 'email', full_name: 'name' } } as never)
  const offer = await createFreeOffer(server, seller, {
    headline: 'The Seven-Day Meal Plan',
    url: 'https://files.example/meal-plan.pdf',
    opt_in_button: 'Send me the plan',
  })

  let visitors = 0
  const acknowledged: string[] = []
  const leadRun = async (duration: number) =>
    measure({
      url: `${server.url}/api/v1/seller/webhook/notify/`,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // One request at a time per connection, so the connection's context names its visitor.
          setupRequest: (request, context) => {
            visitors += 1
            const email = `visitor${visitors}@bench.example`
            Object.assign(context, { email })
            return { ...request, body: JSON.stringify({ full_name: `Visitor ${visitors}`, email, product_id: offer.id }) }
          },
          onResponse: (status, _body, context) => {
            if (status === 201) acknowledged.push(String((context as { email?: string }).email))
          },
        },
      ],
    })
  const bareRun = async (duration: number) =>
    measure({
      url: `${bare.url}/lead`,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Visitor', email: 'visitor@bench.example', product_id: offer.id }),
    })

  await leadRun(1)
  await bareRun(1)
  const product: Measurement[] = []
  const anchor: Measurement[] = []
  for (let round = 0; round < rounds; round += 1) {
    product.push(await leadRun(secondsPerRun))
    anchor.push(await bareRun(secondsPerRun))
  }

  const stored = new Set(
    (await queryDatabase<{ email: string }>(server, 'select email from leads where free_offer_id = $1', [offer.id])).map(
      (row) => row.email,
    ),
  )
  const missing = acknowledged.filter((email) => !stored.has(email)).length
  const ours = summarize(product)
  const bareResult = summarize(anchor)
  const met = ours.requestsPerSecond >= goals.minLeadsPerSecond && ours.p99Ms < goals.maxP99Ms && missing === 0 && ours.other === 0
  console.log(
    JSON.stringify(
      { rounds, secondsPerRun, connections: 50, goals, product: ours, bare: bareResult, acknowledged: acknowledged.length, missing },
      null,
      2,
    ),
  )
  console.log(
    `lead capture: ${ours.requestsPerSecond} leads/s (p99 ${ours.p99Ms} ms), ${acknowledged.length} acknowledged, ${missing} missing, ${ours.other} refused; bare Fastify ${bareResult.requestsPerSecond} req/s (p99 ${bareResult.p99Ms} ms): ${Math.round((ours.requestsPerSecond / bareResult.requestsPerSecond) * 100)}% of bare: ${met ? 'met' : 'MISSED'}`,
  )
  process.exitCode = met ? 0 : 1
} finally {
  await bare.stop()
  await server.stop()
}
