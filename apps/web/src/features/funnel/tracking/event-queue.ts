import { type FunnelEvent, type Platforms, sendFunnelEvent } from './funnel-events'

/** The platforms once the seller's scripts ran on this page; null before (or never). */
let running: Platforms | null = null
/** Events of this page that came before the scripts ran (consent pending, page still loading). */
const waiting: FunnelEvent[] = []

/**
 * Decision D29: sends a standard event to the seller's platforms, now or once their scripts run.
 * On a page that never runs them (preview, dashboard, a declined consent) nothing is sent. Small
 * on purpose: the funnel's React code imports it, the scripts' loader comes only with pixels.
 */
export function trackFunnelEvent(event: FunnelEvent): void {
  if (running) sendFunnelEvent(event, running)
  else waiting.push(event)
}

/** The seller's scripts ran: what waited is sent, in order, and what comes next at once. */
export function platformsRunning(platforms: Platforms): void {
  running = platforms
  for (const event of waiting.splice(0)) sendFunnelEvent(event, platforms)
}

/** For tests: forget this page load's events, as a new page load would. */
export function resetEventQueue(): void {
  running = null
  waiting.length = 0
}
