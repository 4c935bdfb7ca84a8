import type { Browser } from 'playwright-core'

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
    if (!early) await page.waitForFunction(() => window.__fyHydrated === true)
    return await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>('[data-fy-opt-in]')
      const panel = document.getElementById('fy-details')
      if (!button || !panel) throw new Error('no opt-in button or details panel')
      const started = performance.now()
      button.click()
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
      // Shown, then one frame so it is painted.
      while (panel.hidden && performance.now() - started < 5000) await frame()
      await frame()
      return performance.now() - started
    })
  } finally {
    await context.close()
  }
}

declare global {
  interface Window {
    __fyHydrated?: boolean
  }
}
