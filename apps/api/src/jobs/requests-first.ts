/**
 * Requests before background jobs, in a process that does both (`npm start`). On 2 cores an ad's
 * burst of opt-ins and the webhooks and emails it queues cannot all run at full speed: each lead's
 * follow-ups cost more than the lead itself, and the visitor is waiting while the CRM is not. So
 * while requests are queueing in this process (lead capture reports it), each job dispatcher runs
 * one job at a time instead of its full concurrency; the backlog drains at full speed once the
 * burst ends, and never stops (one at a time is the floor, so a sustained load cannot starve it).
 * A worker process (`npm run worker`) serves no requests and never yields. See docs/decisions/0011.
 */
export function createRequestsFirst({ holdMs = 250, now = () => Date.now() }: { holdMs?: number; now?: () => number } = {}) {
  let busyUntil = 0
  return {
    /** A request had to wait for this process: background work yields for the next `holdMs`. */
    requestsWaiting() {
      busyUntil = now() + holdMs
    },
    /** How many jobs a dispatcher with `concurrency` slots may run now. */
    allowed: (concurrency: number) => (now() < busyUntil ? Math.min(1, concurrency) : concurrency),
  }
}
export type RequestsFirst = ReturnType<typeof createRequestsFirst>
