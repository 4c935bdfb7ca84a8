import type { Utm } from '@funnelry/shared'
import { eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { selectUtmColumns } from '../../db/schema/columns.js'
import type { JobQueue } from '../../jobs/queue.js'
import { utmOfRow } from '../../lib/arrival.js'
import { queueMailsIn } from '../../mail/mail-service.js'
import { freeDownloadEmail } from '../../mail/templates.js'
import type { OfferNames } from '../offers/offers-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import { findLeadOffers, type LeadOffer } from './lead-offers.js'
import { leadFollowUps, leads } from './leads-tables.js'

/** Where follow-ups are queued: the job queue and the webhooks module's emitter (handed in by the composition roots). */
export type FollowUpQueues = { jobs: JobQueue; webhooks: Pick<WebhookEmitter, 'queueMany'> }

/** A lead that is owed its `lead.created` webhook or its download email (decision D16). */
export type OwedLead = { id: string; email: string; fullName: string; createdAt: Date; offer: Omit<LeadOffer, 'isActive'>; utm: Utm }

/**
 * Queues, inside the caller's transaction, the `lead.created` webhook of each lead in `webhook`
 * and the download email of each lead in `email`: a fixed number of statements, however many.
 */
export async function queueFollowUps(
  tx: Executor,
  { jobs, webhooks }: FollowUpQueues,
  owed: { webhook: OwedLead[]; email: OwedLead[] },
): Promise<void> {
  await webhooks.queueMany(
    tx,
    owed.webhook.map((lead) => ({
      sellerId: lead.offer.sellerId,
      event: 'lead.created' as const,
      email: lead.email,
      fullName: lead.fullName,
      offerId: lead.offer.id,
      offerHeadline: lead.offer.headline,
      createdAt: lead.createdAt,
      // Decision D37: the campaign that brought the lead, every field (null when direct).
      extra: { utm: lead.utm },
    })),
  )
  await queueMailsIn(
    tx,
    jobs,
    owed.email.map((lead) => {
      const download = { title: lead.offer.headline, url: lead.offer.url }
      const mail = freeDownloadEmail({ to: lead.email, fullName: lead.fullName, businessName: lead.offer.businessName, download })
      return { ...mail, kind: 'free-download' as const }
    }),
  )
}

/**
 * Lead capture's batches owe their follow-ups through one row and one job instead of a delivery,
 * an email and two jobs per lead (docs/decisions/0011): both are written in the batch's
 * transaction, so the follow-ups are as durable as the leads (D16), and the worker queues them.
 */
export async function deferFollowUps(tx: Executor, jobs: JobQueue, owed: { webhookLeadIds: string[]; emailLeadIds: string[] }) {
  if (owed.webhookLeadIds.length === 0 && owed.emailLeadIds.length === 0) return
  const [row] = await tx.insert(leadFollowUps).values(owed).returning({ id: leadFollowUps.id })
  if (!row) throw new Error('the follow-ups were not stored')
  await jobs.send('queue-lead-follow-ups', { followUpId: row.id }, { tx })
}

/**
 * The job handler: queues one batch's deferred follow-ups and deletes its row in one transaction.
 * A job run again (a crash before pg-boss heard it finished) finds no row and does nothing, so
 * each webhook and email is queued once; a crash before the commit leaves the row for the retry.
 * A lead deleted meanwhile (its offer or seller removed) is owed nothing.
 */
export function createLeadFollowUpHandler({ db, names, ...queues }: { db: Database; names: OfferNames } & FollowUpQueues) {
  const { jobs } = queues
  return async ({ followUpId }: { followUpId: string }) => {
    const queued = await db.transaction(async (tx) => {
      const [owed] = await tx.delete(leadFollowUps).where(eq(leadFollowUps.id, followUpId)).returning()
      if (!owed) return false
      const ids = [...new Set([...owed.webhookLeadIds, ...owed.emailLeadIds])]
      const found = await tx
        .select({
          id: leads.id,
          freeOfferId: leads.freeOfferId,
          email: leads.email,
          fullName: leads.fullName,
          createdAt: leads.createdAt,
          ...selectUtmColumns(leads),
        })
        .from(leads)
        .where(inArray(leads.id, ids))
      // The offers module names the offer, the sellers module its seller (docs/decisions/0028).
      const offers = await findLeadOffers(
        tx,
        names,
        found.map((row) => row.freeOfferId),
      )
      const rows = found.flatMap(({ freeOfferId, ...row }) => {
        const named = offers.get(freeOfferId)
        if (!named) return []
        const { isActive: _, ...offer } = named
        return [{ ...row, offer }]
      })
      const byId = new Map(rows.map((row) => [row.id, row]))
      const pick = (leadIds: string[]) =>
        leadIds.flatMap((id) => {
          const row = byId.get(id)
          return row ? [{ ...row, utm: utmOfRow(row) }] : []
        })
      await queueFollowUps(tx, queues, { webhook: pick(owed.webhookLeadIds), email: pick(owed.emailLeadIds) })
      return true
    })
    // Committed: this process's workers send them now rather than at their next poll.
    if (queued) {
      jobs.poke('deliver-webhook')
      jobs.poke('send-email')
    }
  }
}
