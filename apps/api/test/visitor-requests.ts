import type { TestApp } from './build-test-app.js'

/** A visitor's POSTs to the public checkout calls, shared by the checkout, post-purchase and split-test kits. */

let clients = 0
/** Each call comes from its own client unless a test says otherwise, so only the rate-limit test meets the limit. */
const nextClient = () => {
  clients += 1
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`
}

export type RequestBody = Record<string, unknown>

export const postAsVisitor = (ctx: TestApp, url: string, payload: RequestBody, remoteAddress = nextClient()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress })

/** The local provider's card form (the payments module's test page) confirming an intent. */
export const confirmLocal = (ctx: TestApp, payload: RequestBody, remoteAddress?: string) =>
  postAsVisitor(ctx, '/api/v1/payments/local/confirm/', payload, remoteAddress)
