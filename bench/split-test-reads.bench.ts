/**
 * Issue 27: a split test must not slow the page. Measures `/free-offer/{id}` on the pages origin
 * for a visitor of the original and for a visitor of a variant (each with the assignment cookie a
 * returning visitor sends), and the same page of an offer without a test, interleaved round by
 * round, 50 connections. Exits 1 when the variant's req/s is under 90% of the original's.
 * Needs the built web app (`npm run bench` builds it).
 */
import { createFreeOffer, createSeller, createVariant } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'
import { type Measurement, measure, summarize } from './support/measure.js'

const rounds = 3
const secondsPerRun = 4
const goals = { minVariantShareOfOriginal: 0.9 }

const server = await startServer({ LOG_LEVEL: 'warn' })
try {
  const seller = await createSeller(server, 'split@example.com')
  const fields = {
    headline: 'The Seven-Day Meal Plan',
    sub_headline: 'Shopping lists and recipes for a week of dinners.',
    url: 'https://files.example/meal-plan.pdf',
    opt_in_button: 'Send me the plan',
  }
  const tested = await createFreeOffer(server, seller, fields)
  const untested = await createFreeOffer(server, seller, fields)
  const variant = await createVariant(server, seller, String(tested.id), { headline: 'Dinner Sorted for a Week', weight: 50 })
  // The original's id: the other arm a first visit can be given.
  let originalId = ''
  while (!originalId) {
    const response = await fetch(`${server.pagesUrl}/free-offer/${tested.id}`)
    const assigned = /funnelry_split_[^=]+=([0-9a-f-]{36})/.exec(response.headers.get('set-cookie') ?? '')?.[1]
    if (assigned && assigned !== variant.id) originalId = assigned
  }
  const cookieFor = (variantId: string) => `funnelry_split_${tested.id}=${variantId}.v`
  const page = `${server.pagesUrl}/free-offer/${tested.id}`
  const targets = {
    original: { url: page, headers: { cookie: cookieFor(originalId) } },
    variant: { url: page, headers: { cookie: cookieFor(String(variant.id)) } },
    noTest: { url: `${server.pagesUrl}/free-offer/${untested.id}`, headers: {} },
  }
  const check = await (await fetch(targets.variant.url, { headers: targets.variant.headers })).text()
  if (!check.includes('Dinner Sorted for a Week'))
    throw new Error('the variant page is not served: build the web app first (npm run build:web)')

  for (const target of Object.values(targets)) await measure({ ...target, duration: 1 })
  const runs: Record<keyof typeof targets, Measurement[]> = { original: [], variant: [], noTest: [] }
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, target] of Object.entries(targets) as [keyof typeof targets, (typeof targets)[keyof typeof targets]][]) {
      runs[name].push(await measure({ ...target, duration: secondsPerRun }))
    }
  }
  const results = { original: summarize(runs.original), variant: summarize(runs.variant), noTest: summarize(runs.noTest) }
  const share = results.variant.requestsPerSecond / Math.max(results.original.requestsPerSecond, 1)
  const clean = Object.values(results).every((result) => result.other === 0 && result.errors === 0)
  const met = share >= goals.minVariantShareOfOriginal && clean
  console.log(
    JSON.stringify({ rounds, secondsPerRun, connections: 50, goals, results, variantShareOfOriginal: Number(share.toFixed(2)) }, null, 2),
  )
  console.log(
    `variant ${results.variant.requestsPerSecond} req/s (p99 ${results.variant.p99Ms} ms) vs original ${results.original.requestsPerSecond} req/s (p99 ${results.original.p99Ms} ms): ${Math.round(share * 100)}%; without a test ${results.noTest.requestsPerSecond} req/s: ${met ? 'met' : 'MISSED'}`,
  )
  process.exitCode = met ? 0 : 1
} finally {
  await server.stop()
}
