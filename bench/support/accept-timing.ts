import type { Browser } from 'playwright-core'

/**
 * Presses the button named `pressName` and waits for a button named `nextName` (the next step's
 * offer) to be in the page, then one frame so it is painted. A string, not a function: tsx would
 * add its own helpers to a function's source.
 */
const pressAndWait = (pressName: string, nextName: string) => `(async () => {
  const named = (name) => [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === name)
  const button = named(${JSON.stringify(pressName)})
  if (!button) throw new Error('no button ' + ${JSON.stringify(pressName)})
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
  const started = performance.now()
  button.click()
  while (!named(${JSON.stringify(nextName)}) && performance.now() - started < 10000) await frame()
  await frame()
  return performance.now() - started
})()`

/**
 * Milliseconds from pressing "Yes, add it" on a post-purchase page (`url`, loaded and showing its
 * offer) to the next step's offer shown and painted, on a phone with a 4x slowed CPU.
 */
export async function acceptToNextStepMs(browser: Browser, url: string, pressName: string, nextName: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: 'load' })
    await page.getByRole('button', { name: pressName }).waitFor()
    await page.waitForLoadState('networkidle')
    const ms = (await page.evaluate(pressAndWait(pressName, nextName))) as number
    if (ms >= 10_000) throw new Error(`the next step (${nextName}) was not shown within 10 s`)
    return ms
  } finally {
    await context.close()
  }
}

/** The document as the browser shows it once `buttonName` is on screen (the twin is made of it). */
export async function renderedDocument(browser: Browser, url: string, buttonName: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    await page.getByRole('button', { name: buttonName }).waitFor()
    await page.waitForLoadState('networkidle')
    return await page.content()
  } finally {
    await context.close()
  }
}
