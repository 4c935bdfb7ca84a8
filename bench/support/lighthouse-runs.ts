import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumFlags } from '../../e2e/support/browser.js'
import { untilBrowserIdle } from './browser-idle.js'
import { median } from './measure.js'

/** What one Lighthouse load (mobile, default simulated throttling) says of a page. */
export type LighthouseFigures = {
  score: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  scriptKb: number
  requests: number
}

/** A main-thread long task of the load, to see what Total Blocking Time is made of. */
export type LongTask = { url?: string; duration?: number; startTime?: number }

/**
 * One Lighthouse load of `url` in the Chrome listening on `port`, performance only, with its long
 * tasks. `extraHeaders`: e.g. a split test's cookie naming the variant to load. A lost trace
 * (NO_NAVSTART on a loaded machine) measured nothing: that load is taken again, once.
 */
export async function lighthouseLoad(
  port: number,
  url: string,
  extraHeaders?: Record<string, string>,
  attempt = 1,
): Promise<{ figures: LighthouseFigures; longTasks: LongTask[] }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) {
    if (attempt === 1) {
      console.log(`Lighthouse could not record ${url} (${lhr.runtimeError.code}); loading it again`)
      return lighthouseLoad(port, url, extraHeaders, 2)
    }
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  }
  // LIGHTHOUSE_DUMP_DIR: keep each load's full report, to read why a figure moved (e.g. the LCP phases).
  const dumpDir = process.env.LIGHTHOUSE_DUMP_DIR
  if (dumpDir) {
    const name = `${dumpDir}/${Date.now()}-${new URL(url).port}-${extraHeaders ? 'cookie' : 'plain'}`
    await writeFile(`${name}.json`, JSON.stringify(lhr))
    // And the load's trace, to see what each main-thread task ran (its events, with their scripts).
    const { Trace } = result.artifacts as { Trace?: unknown }
    if (Trace) await writeFile(`${name}.trace.json`, JSON.stringify(Trace))
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  const scripts = requests.filter((request) => request.resourceType === 'Script')
  return {
    figures: {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      fcpMs: numeric('first-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      scriptKb: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
      requests: requests.length,
    },
    longTasks: (lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [],
  }
}

/** One load's figures only. */
export async function lighthouseFigures(port: number, url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
  return (await lighthouseLoad(port, url, extraHeaders)).figures
}

/** Each figure's median over several loads. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((figures) => figures[key]))
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    scriptKb: of('scriptKb'),
    requests: of('requests'),
  }
}

/**
 * One measured load in a Chrome of its own (a new profile). A Chrome that had loaded the host
 * before opened a second connection to it ahead of time (its loading predictor); when the hero
 * image went out on that one, Lighthouse's simulation charged it a new connection, one more
 * round trip (about 150 ms of LCP), at random, on the page and its static twin alike. A visitor
 * arriving from an ad has not loaded the host before.
 */
export async function inNewChrome<T>(load: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...chromiumFlags],
  })
  try {
    await untilBrowserIdle(chrome.pid)
    return await load(chrome.port)
  } finally {
    chrome.kill()
  }
}
