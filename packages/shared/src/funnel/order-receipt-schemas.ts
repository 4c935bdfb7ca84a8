import { z } from 'zod'

/**
 * GET /api/v1/order-receipts/{reference}/ (no auth): what the thank-you page shows and hands to the
 * seller's analytics. The reference comes from the intent answers (`order_reference`); it is random,
 * never the order id, and expires an hour after the order last changed (docs/decisions/0008).
 */
export const orderReferenceParamsSchema = z.object({ reference: z.string().max(100) })

/** `post_purchase`: a one-click offer accepted after the payment (decision D34), its own charge. */
export const orderItemKinds = ['free', 'bump', 'upsell', 'post_purchase'] as const

export const orderReceiptItemSchema = z.object({
  /** The offer's id: stable across orders, so analytics can group by it. */
  id: z.string(),
  kind: z.enum(orderItemKinds),
  name: z.string(),
  /** Two decimals; "0.00" for the free download. */
  price: z.string().regex(/^\d+\.\d{2}$/),
  /**
   * Decision D25: the item's download link, so the visitor gets it on the page even when no email
   * reaches them. The free download's always; a paid item's only once its payment is confirmed (null before).
   */
  url: z.string().nullable(),
  /** A `post_purchase` item's step (1-3): its purchase event id is `order.<order_id>.step-<step>` (D29). */
  step: z.number().int().min(1).optional(),
  /** Decision D35: present (true) once the seller gave this item's money back; the item stays on the page as bought. */
  refunded: z.literal(true).optional(),
})
export type OrderReceiptItem = z.infer<typeof orderReceiptItemSchema>

export const orderReceiptSchema = z.object({
  reference: z.string(),
  /** The order's id: the `Purchase` event id is `order.<order_id>` (decision D29), as the server's. */
  order_id: z.string(),
  /** `pending` until the provider's payment event arrived (Stripe may confirm in the browser first). */
  status: z.enum(['pending', 'paid']),
  items: z.array(orderReceiptItemSchema),
  total: z.string().regex(/^\d+\.\d{2}$/),
  /** Decision D35: what was given back (two decimals), present once anything was; the items stay as bought. */
  refunded: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .optional(),
  currency: z.literal([1, 2, 3]),
})
export type OrderReceipt = z.infer<typeof orderReceiptSchema>
