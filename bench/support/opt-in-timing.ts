import type { Browser } from 'playwright-core'

const pressAndWait = `(async () => {
  const button = document.querySelector('[data-fy-opt-in]')
  const panel = document.getElementById('fy-details')
  if (!button || !panel) throw new Error('no opt-in button or details panel')
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
  const started = performance.now()
  button.click()
  // Shown, then one frame so it is painted.
  while (panel.hidden && performance.now() - started < 5000) await frame()
  await frame()
  return performance.now() - started
})()`

/**
 * Milliseconds from pressing the opt-in button to the details panel being shown and painted, on a
 * 4x slowed CPU. `early`: pressed as soon as the button is in the page (the page's own script
 * may not have run yet); otherwise once React has hydrated.
 */
export async function optInToPanelMs(browser: Browser, url: string, early: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: early ? 'commit' : 'load' })
    await page.waitForSelector('[data-fy-opt-in]', { state: 'attached' })
    if (!early) await page.waitForFunction('window.__fyHydrated === true')
    // A string, not a function: tsx would add its own helpers to a function's source.
    return (await page.evaluate(pressAndWait)) as number
  } finally {
    await context.close()
  }
}
