/**
 * Issue 26 (decision D34): the post-purchase page on a phone. Each Lighthouse load (mobile, default
 * simulated throttling) opens a new buyer's page, the one a browser lands on after paying
 * (`/thank-you-purchase?type=oto-offer&order=<reference>`, as use-checkout's pay() navigates), in
 * interleaved pairs with a static HTML twin of that page as the browser shows it (the offer of step
 * 1, scripts taken out). Goals as the offer page's: score >= 98, LCP <= 1.15x the twin's. Then,
 * on a 4x slowed CPU, the press of "Yes, add it" to step 2's offer on screen: median <= 300 ms.
 * `npm run bench -- post-purchase-page` (after `npm run build`). Exits 1 when a goal is missed.
 */
import { launchBrowser } from '../e2e/support/browser.js'
import { createBumpOffer, createFreeOffer, createSeller, createUpsellOffer, logoImage, productImage } from '../e2e/support/funnel.js'
import { startServer } from '../e2e/support/server.js'
import { acceptToNextStepMs, renderedDocument } from './support/accept-timing.js'
import { inNewChrome, type LighthouseFigures, lighthouseFigures, medianFigures } from './support/lighthouse-runs.js'
import { connectLocalPayments } from './support/local-payments.js'
import { median } from './support/measure.js'
import { payAsBuyer } from './support/paid-buyer.js'
import { startStaticTwinOf } from './support/static-twin.js'

const pairs = 5
const presses = 7
const goals = { score: 98, lcpRatio: 1.15, acceptMs: 300 }
const step1Accept = 'Yes, add it — $49.00'
const step2Accept = 'Yes, add it — $29.00'

const server = await startServer({ LOG_LEVEL: 'warn', TRUST_PROXY: 'true' })
let twin: Awaited<ReturnType<typeof startStaticTwinOf>> | undefined
try {
  const seller = await createSeller(server, 'post-purchase-page@example.com')
  await connectLocalPayments(server, seller)
  const bump = await createBumpOffer(server, seller, {
    url: 'https://files.example/checklists.zip',
    headline: 'The checklists',
    old_price: '49.00',
    new_price: '19.00',
    currency: '1',
  })
  const oto = async (headline: string, price: string, colors: [string, string]) =>
    createUpsellOffer(server, seller, {
      headline,
      description: 'Six weeks of lessons, with the worksheets.',
      url: `https://files.example/${headline.toLowerCase().replace(/\W+/g, '-')}`,
      opt_in_button: 'Yes',
      product_price: price,
      currency: '1',
      asset_image: await productImage(headline, colors),
    })
  const course = await oto('The Masterclass', '49.00', ['#6a1b9a', '#f3e5f5'])
  const lite = await oto('The Masterclass Lite', '19.00', ['#1565c0', '#e3f2fd'])
  const coaching = await oto('Coaching Call', '29.00', ['#2e7d32', '#e8f5e9'])
  const offer = await createFreeOffer(server, seller, {
    headline: 'The Launch Guide',
    url: 'https://files.example/guide.pdf',
    opt_in_button: 'Send Me The Free Guide',
    is_active: 'true',
    bump_offer_id: String(bump.id),
    logo: await logoImage('Acme'),
    after_purchase: JSON.stringify([
      { upsell_offer_id: course.id, downsell_offer_id: lite.id },
      { upsell_offer_id: coaching.id, downsell_offer_id: null },
    ]),
  })
  let buyers = 0
  // The page the checkout sends a paid buyer to (use-checkout's pay(): type oto-offer, the order).
  const freshPageUrl = async () => {
    buyers += 1
    const reference = await payAsBuyer(server, { id: String(offer.id), bumpId: String(bump.id) }, buyers)
    return `${server.pagesUrl}/thank-you-purchase?type=oto-offer&order=${encodeURIComponent(reference)}`
  }

  const browser = await launchBrowser()
  try {
    twin = await startStaticTwinOf(server.pagesUrl, await renderedDocument(browser, await freshPageUrl(), step1Accept))
  } finally {
    await browser.close()
  }

  const twinUrl = twin.url
  // One unmeasured load of each: image variants made, caches of the servers warm.
  await inNewChrome(async (port) => {
    await lighthouseFigures(port, await freshPageUrl())
    await lighthouseFigures(port, twinUrl)
  })
  const runs: { page: LighthouseFigures[]; twin: LighthouseFigures[] } = { page: [], twin: [] }
  for (let pair = 0; pair < pairs; pair += 1) {
    const pageUrl = await freshPageUrl()
    runs.page.push(await inNewChrome((port) => lighthouseFigures(port, pageUrl)))
    runs.twin.push(await inNewChrome((port) => lighthouseFigures(port, twinUrl)))
    console.log(`pair ${pair + 1}: page ${JSON.stringify(runs.page.at(-1))}\n        static ${JSON.stringify(runs.twin.at(-1))}`)
  }
  const page = medianFigures(runs.page)
  const anchor = medianFigures(runs.twin)

  const pressBrowser = await launchBrowser()
  const acceptMs: number[] = []
  try {
    for (let press = 0; press < presses; press += 1) {
      acceptMs.push(await acceptToNextStepMs(pressBrowser, await freshPageUrl(), step1Accept, step2Accept))
    }
  } finally {
    await pressBrowser.close()
  }
  console.log(`accept presses, ms: ${acceptMs.map((ms) => Math.round(ms)).join(', ')}`)

  const row = (name: string, a: number, b: number, digits = 0) =>
    `${name.padEnd(22)} ${a.toFixed(digits).padStart(9)} ${b.toFixed(digits).padStart(9)} ${(b === 0 ? '-' : (a / b).toFixed(2)).padStart(7)}`
  console.log(`\nmedians of ${pairs} interleaved pairs   page    static   ratio`)
  console.log(row('performance score', page.score, anchor.score))
  console.log(row('LCP ms', page.lcpMs, anchor.lcpMs))
  console.log(row('FCP ms', page.fcpMs, anchor.fcpMs))
  console.log(row('TBT ms', page.tbtMs, anchor.tbtMs))
  console.log(row('CLS', page.cls, anchor.cls, 3))
  console.log(row('JavaScript KB', page.scriptKb, anchor.scriptKb, 1))
  const lcpRatio = page.lcpMs / anchor.lcpMs
  const accept = median(acceptMs)
  console.log(
    `post-purchase page: score ${page.score} (goal >= ${goals.score}), LCP ${Math.round(page.lcpMs)} ms = ${lcpRatio.toFixed(2)}x the static twin's ${Math.round(anchor.lcpMs)} ms (goal <= ${goals.lcpRatio}x)`,
  )
  console.log(`"Yes, add it" to step 2 shown, 4x CPU: median ${Math.round(accept)} ms of ${presses} presses (goal <= ${goals.acceptMs} ms)`)

  const misses = [
    page.score < goals.score && `score ${page.score} < ${goals.score}`,
    lcpRatio > goals.lcpRatio && `LCP ${lcpRatio.toFixed(2)}x the static twin's > ${goals.lcpRatio}x`,
    accept > goals.acceptMs && `accept to next step ${Math.round(accept)} ms > ${goals.acceptMs} ms`,
  ].filter((miss): miss is string => typeof miss === 'string')
  if (misses.length > 0) {
    console.error(`Goals missed:\n- ${misses.join('\n- ')}`)
    process.exitCode = 1
  } else console.log('All goals met.')
} finally {
  await twin?.close()
  await server.stop()
}
