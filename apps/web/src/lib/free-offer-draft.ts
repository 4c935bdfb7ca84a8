import { z } from 'zod'

/**
 * The free offer form's draft, kept in localStorage (spec section 2): saved when 'Add New' leaves
 * the form for a BUMP or OTO form, restored when the seller comes back, rendered by the
 * `/free-offer` preview (no id), and cleared when the seller leaves the add form.
 * It lives in lib/ because two features use it: offers writes it, funnel renders it.
 */
export const freeOfferDraftKey = 'free_offer_draft'

const draftSchema = z.object({
  /** The offer being edited, or null on the add form. */
  offerId: z.string().nullable(),
  values: z.object({
    headline: z.string(),
    sub_headline: z.string(),
    url: z.string(),
    opt_in_button: z.string(),
    is_active: z.boolean(),
    bump_offer_id: z.string(),
    upsell_offer_id: z.string(),
    /** Decision D34's steps (absent in drafts saved before them). */
    after_purchase: z.array(z.object({ upsell_offer_id: z.string(), downsell_offer_id: z.string() })).optional(),
  }),
  /** The 'show' checkboxes of the optional fields. */
  show: z.object({ sub_headline: z.boolean(), asset_image: z.boolean(), logo: z.boolean() }),
  /** A data: URL of a newly chosen file, the offer's current /media URL, or null. */
  images: z.object({ asset_image: z.string().nullable(), logo: z.string().nullable() }),
})
export type FreeOfferDraft = z.infer<typeof draftSchema>

export const freeOfferDraft = {
  read(): FreeOfferDraft | null {
    const raw = localStorage.getItem(freeOfferDraftKey)
    if (!raw) return null
    try {
      const parsed = draftSchema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  },
  /** Returns false when the browser refused (e.g. images too large for storage): the caller may retry without images. */
  save(draft: FreeOfferDraft): boolean {
    try {
      localStorage.setItem(freeOfferDraftKey, JSON.stringify(draft))
      return true
    } catch {
      return false
    }
  },
  clear() {
    localStorage.removeItem(freeOfferDraftKey)
  },
}
