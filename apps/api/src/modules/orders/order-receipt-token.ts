import { randomBytes } from 'node:crypto'

/**
 * The thank-you page's reference to an order (docs/decisions/0008): 16 random bytes (22 URL-safe
 * characters), never the order id, so a link reveals nothing and cannot be guessed. It can be read
 * for an hour after the order last changed: long enough to reload the page after paying, short
 * enough that a shared or leaked link soon shows nothing.
 */
export const receiptLifetimeMs = 60 * 60 * 1000

export const receiptExpiry = (at: Date) => new Date(at.getTime() + receiptLifetimeMs)

/** A new reference, for an order whose visitor's details just arrived. */
export const newReceipt = (at: Date) => ({ receiptToken: randomBytes(16).toString('base64url'), receiptExpiresAt: receiptExpiry(at) })
