import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

declare global {
  interface Window {
    /** axe-core, once expectAccessible has run its script in the page. */
    axe?: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
  }
}

/** Waits for every finite animation and transition to end (spinners run forever and are not waited for). */
export async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
}

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical violation
 * (issue 15: every screen a journey visits). page.evaluate runs outside the page's CSP, so the
 * dashboard's strict script policy does not stop the checker.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Contrast is read as the page paints it now: a dialog or toast still fading in is half
  // transparent, so finite animations end first.
  await animationsEnded(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const { axe } = window
    if (!axe) throw new Error('axe-core did not load in the page')
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }))
  })
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  if (blocking.length > 0) {
    const lines = blocking.map((v) => `  ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join('; ')})`)
    throw new Error(`${screen} (${page.url()}) has ${blocking.length} serious or critical accessibility violations:\n${lines.join('\n')}`)
  }
}
