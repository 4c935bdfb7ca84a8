import type { Utm, VisitorDetails } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import { utmRowOf } from '../../lib/arrival.js'
import { deferFollowUps, type FollowUpQueues, type OwedLead, queueFollowUps } from './lead-follow-ups.js'
import type { LeadOffer } from './lead-offers.js'
import { leadRepository } from './lead-repository.js'

export type { LeadOffer }

/** One visitor's details for one offer, learned at `at`, with the campaign that brought them (D37). */
export type LeadToRecord = {
  offer: Omit<LeadOffer, 'isActive'>
  visitor: VisitorDetails
  at: Date
  utm?: Utm | null
  /** The split-test variant the visitor saw (issue 27); a lead keeps the first it had. */
  variantId?: string | null
  /** The visitor token of the variant's cookie: the test counts one opt-in per visitor (decision 0029). */
  splitVisitor?: string | null
}

const keyOf = (offerId: string, email: string) => `${offerId}\n${email}`

/**
 * The one way leads are recorded (decisions D5 and D16), whoever learns the visitor's details: lead
 * capture (in batches, docs/decisions/0011), the checkout once the details arrive, or fulfilment.
 * Inside the caller's transaction it keeps one lead per offer and email (the latest name), queues
 * the seller's `lead.created` webhook when the lead is new, and queues the free offer's download
 * email once per lead, so a visitor whose lead-capture call was lost still gets both from the
 * checkout call that follows. A fixed number of statements, however many leads. Answers each
 * item's lead id, in the items' order. With `followUps: 'later'` (lead capture's batches) the
 * webhooks and emails are owed through one row and one job, queued by a worker
 * (lead-follow-ups.ts); the checkout and fulfilment queue them at once, as their callers expect.
 */
export async function recordLeads(
  tx: Executor,
  queues: FollowUpQueues,
  items: LeadToRecord[],
  followUps: 'now' | 'later' = 'now',
): Promise<{ leadId: string }[]> {
  // The same person twice in one batch is one row (one statement cannot update a row twice); the
  // later details win, as they would one after the other.
  const unique = new Map<string, { item: LeadToRecord; email: string }>()
  for (const item of items) {
    const email = item.visitor.email.trim().toLowerCase()
    const key = keyOf(item.offer.id, email)
    unique.delete(key)
    unique.set(key, { item, email })
  }
  const at = items[0]?.at ?? new Date()
  const rows = await leadRepository.upsertMany(
    tx,
    [...unique.values()].map(({ item, email }) => ({
      sellerId: item.offer.sellerId,
      freeOfferId: item.offer.id,
      email,
      fullName: item.visitor.full_name,
      ...utmRowOf(item.utm),
      variantId: item.variantId ?? null,
      splitVisitor: item.variantId ? (item.splitVisitor ?? null) : null,
    })),
    at,
  )
  const stored = new Map(rows.map((row) => [keyOf(row.freeOfferId, row.email.toLowerCase()), row]))
  // A lead that existed may still owe its download email (recorded before emails were claimed).
  const claimedNow = await leadRepository.claimDownloadEmails(
    tx,
    rows.filter((row) => !row.inserted).map((row) => row.id),
    at,
  )

  const webhook: OwedLead[] = []
  const email: OwedLead[] = []
  for (const [key, { item, email: address }] of unique) {
    const lead = stored.get(key)
    if (!lead) throw new Error('a lead row was not stored')
    const owedLead = {
      id: lead.id,
      email: address,
      fullName: item.visitor.full_name,
      createdAt: lead.createdAt,
      offer: item.offer,
      utm: lead.utm,
    }
    // The CRM hears about a person once per offer, not on every repeat opt-in.
    if (lead.inserted) webhook.push(owedLead)
    if (lead.inserted || claimedNow.has(lead.id)) email.push(owedLead)
  }
  if (followUps === 'later') {
    await deferFollowUps(tx, queues.jobs, { webhookLeadIds: webhook.map((lead) => lead.id), emailLeadIds: email.map((lead) => lead.id) })
  } else {
    await queueFollowUps(tx, queues, { webhook, email })
  }
  return items.map((item) => {
    const lead = stored.get(keyOf(item.offer.id, item.visitor.email.trim().toLowerCase()))
    if (!lead) throw new Error('a lead row was not stored')
    return { leadId: lead.id }
  })
}

/** One lead, inside the caller's transaction (the checkout and fulfilment). */
export async function recordLead(tx: Executor, queues: FollowUpQueues, item: LeadToRecord): Promise<{ leadId: string }> {
  const [recorded] = await recordLeads(tx, queues, [item])
  if (!recorded) throw new Error('the lead was not recorded')
  return recorded
}
