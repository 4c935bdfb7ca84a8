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

/** Compressed JavaScript the page has downloaded so far (response sizes with their headers), in KB. */
const scriptKbSoFar = `performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).reduce((sum, entry) => sum + entry.transferSize, 0) / 1024`

/**
 * Milliseconds from pressing the opt-in button to the details panel being shown and painted, on a
 * 4x slowed CPU. `early`: pressed as soon as the page is parsed (React not there yet); otherwise
 * once React has hydrated. Also the JavaScript downloaded once React is there, the details open.
 */
export async function optInToPanelMs(browser: Browser, url: string, early: boolean): Promise<{ ms: number; scriptKb: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: early ? 'commit' : 'load' })
    // The page description comes right after the first script: that script has run by then.
    await page.waitForSelector('#funnelry-page', { state: 'attached' })
    // React arrives on the first touch; the press that opens the panel is one.
    if (!early) {
      // The first script is asked for at 'load'; once the network is quiet it listens.
      await page.waitForLoadState('networkidle')
      await page.dispatchEvent('[data-fy-opt-in]', 'pointerdown')
      await page.waitForFunction('window.__fyHydrated === true')
    }
    // Strings, not functions: tsx would add its own helpers to a function's source.
    const ms = (await page.evaluate(pressAndWait)) as number
    await page.waitForFunction('window.__fyHydrated === true')
    await page.waitForLoadState('networkidle')
    return { ms, scriptKb: (await page.evaluate(scriptKbSoFar)) as number }
  } finally {
    await context.close()
  }
}
