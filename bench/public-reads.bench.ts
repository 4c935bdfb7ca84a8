/**
 * Public reads under an ad campaign's load: `GET /api/v1/free-product/{id}/` and the
 * `/free-offer/{id}` page, each against a bare Fastify server (its own process) answering the same
 * bytes, interleaved round by round, 50 connections. Prints medians and ratios; exits 1 when the
 * product is under 70% of bare's req/s or its p99 over 3x bare's. Needs the built web app
 * (`npm run bench` builds it).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { addPixel, createFreeOffer, createSeller } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'
import { startBareServer } from './support/bare.js'
import { type Measurement, measure, summarize } from './support/measure.js'

const rounds = 3
const secondsPerRun = 4
const goals = { minShareOfBare: 0.7, maxP99OverBare: 3 }

/** The headers a response carries for its content (not those Node writes for each connection). */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
const answerHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !perConnection.has(name.toLowerCase())))

const server = await startServer({ LOG_LEVEL: 'warn' })
const files = await mkdtemp(path.join(os.tmpdir(), 'funnelry-bench-'))
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined
try {
  const seller = await createSeller(server, 'reads@example.com')
  await addPixel(server, seller, { pixel_type: 'facebook', script: '<script>fbq("init", "123")</script>' })
  const offer = await createFreeOffer(server, seller, {
    headline: 'The Seven-Day Meal Plan',
    sub_headline: 'Shopping lists and recipes for a week of dinners.',
    url: 'https://files.example/meal-plan.pdf',
    opt_in_button: 'Send me the plan',
  })
  const jsonPath = `/api/v1/free-product/${offer.id}/`
  const htmlPath = `/free-offer/${offer.id}`
  // As autocannon asks (no Accept-Encoding): the bare server answers these bytes with these headers.
  const fetchAnswer = async (url: string) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
    return { body: await response.text(), headers: answerHeaders(response) }
  }
  const { body: json, headers: jsonHeaders } = await fetchAnswer(`${server.pagesUrl}${jsonPath}`)
  const { body: html, headers: htmlHeaders } = await fetchAnswer(`${server.pagesUrl}${htmlPath}`)
  if (!html.includes('funnelry-page')) throw new Error('the offer page is not served: build the web app first (npm run build:web)')
  await writeFile(path.join(files, 'offer.json'), json)
  await writeFile(path.join(files, 'offer.html'), html)
  await writeFile(path.join(files, 'headers.json'), JSON.stringify({ json: jsonHeaders, html: htmlHeaders }))
  bare = await startBareServer([path.join(files, 'offer.json'), path.join(files, 'offer.html'), path.join(files, 'headers.json')])

  // Not a goal, where the time goes: the same reads through every hook of the app, since a query
  // string is never replayed (plugins/replay-public-reads.ts, decision 0015).
  const fullPath = '?full-path=1'
  const targets = {
    productJson: `${server.pagesUrl}${jsonPath}`,
    bareJson: `${bare.url}/json`,
    fullPathJson: `${server.pagesUrl}${jsonPath}${fullPath}`,
    productHtml: `${server.pagesUrl}${htmlPath}`,
    bareHtml: `${bare.url}/html`,
    fullPathHtml: `${server.pagesUrl}${htmlPath}${fullPath}`,
  }
  // Warm both servers (JIT, the product's cache) before anything counts.
  for (const url of Object.values(targets)) await measure({ url, duration: 1 })
  const runs: Record<keyof typeof targets, Measurement[]> = {
    productJson: [],
    bareJson: [],
    fullPathJson: [],
    productHtml: [],
    bareHtml: [],
    fullPathHtml: [],
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
      runs[name].push(await measure({ url, duration: secondsPerRun }))
    }
  }

  const compare = (product: Measurement[], anchor: Measurement[]) => {
    const ours = summarize(product)
    const bareRun = summarize(anchor)
    const share = ours.requestsPerSecond / bareRun.requestsPerSecond
    const p99Ratio = ours.p99Ms / Math.max(bareRun.p99Ms, 1)
    const met = share >= goals.minShareOfBare && p99Ratio <= goals.maxP99OverBare && ours.other === 0 && ours.errors === 0
    return { product: ours, bare: bareRun, shareOfBare: Number(share.toFixed(2)), p99OverBare: Number(p99Ratio.toFixed(2)), met }
  }
  const results = {
    json: compare(runs.productJson, runs.bareJson),
    html: compare(runs.productHtml, runs.bareHtml),
  }
  const throughEveryHook = { json: summarize(runs.fullPathJson), html: summarize(runs.fullPathHtml) }
  console.log(JSON.stringify({ rounds, secondsPerRun, connections: 50, goals, results, throughEveryHook }, null, 2))
  for (const [name, result] of Object.entries(results)) {
    console.log(
      `${name}: ${result.product.requestsPerSecond} req/s (p99 ${result.product.p99Ms} ms) vs bare ${result.bare.requestsPerSecond} req/s (p99 ${result.bare.p99Ms} ms): ${Math.round(result.shareOfBare * 100)}% of bare, p99 ${result.p99OverBare}x: ${result.met ? 'met' : 'MISSED'}`,
    )
  }
  for (const [name, run] of Object.entries(throughEveryHook)) {
    console.log(`${name} through every hook (not replayed, no goal): ${run.requestsPerSecond} req/s (p99 ${run.p99Ms} ms)`)
  }
  process.exitCode = Object.values(results).every((result) => result.met) ? 0 : 1
} finally {
  await bare?.stop()
  await server.stop()
  await rm(files, { recursive: true, force: true })
}
