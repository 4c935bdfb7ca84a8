import type { Locator, Page } from 'playwright-core'
import type { RunningServer } from './server.js'

async function post(server: RunningServer, apiPath: string, body: unknown) {
  const response = await fetch(`${server.url}/api/v1${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${apiPath} answered ${response.status}: ${await response.text()}`)
}

/**
 * `count` visitors who each take the free offer as its public page would: the lead, then the free
 * order (an order of total 0 completes at once, decision D11), so each is a lead and an order.
 */
export async function seedFreeTakers(server: RunningServer, offerId: string, count: number) {
  for (let index = 1; index <= count; index += 1) {
    const visitor = { full_name: `Visitor Number ${index}`, email: `visitor-${index}@buyers.example` }
    await post(server, '/seller/webhook/notify/', { ...visitor, product_id: offerId })
    await post(server, '/stripe/payment-intent/', { ...visitor, product_id: offerId, bump_offer_id: null, upsell_offer_id: null })
  }
}

export type Box = { x: number; y: number; width: number; height: number }

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('the element is not on screen')
  return box
}

export const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The page's full height, what a seller scrolls through. */
export const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight)

/** A toast on screen with these words (notistack's content element). */
export const toastWith = (page: Page, text: string) => page.locator('.notistack-MuiContent', { hasText: text })

/** Scrolls so the element's top is `y` px from the top of the window, as far as the page allows. */
export async function scrollToY(locator: Locator, y: number) {
  await locator.evaluate((element, top) => {
    window.scrollTo({ top: window.scrollY + element.getBoundingClientRect().top - top, behavior: 'instant' })
  }, y)
}
