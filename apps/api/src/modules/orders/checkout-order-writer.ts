import type { Utm, VisitorDetails } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { batchedWrites } from '../../lib/batched-calls.js'
import type { LeadRecording } from '../leads/leads-module.js'
import { orderBatchRepository } from './order-batch-repository.js'
import type { NewOrder, OrderRow } from './order-repository.js'

/** A new order with its payment intent made, and the visitor whose lead it is stored with (D16). */
export type OrderToStore = { values: NewOrder & { id: string }; visitor: VisitorDetails; at: Date; utm: Utm | null }

/**
 * Stores new checkout orders (docs/decisions/checkout-at-campaign-scale.md): orders that arrive
 * together are stored in one transaction with their leads (D16: the lead first, so each order is
 * stored already linked to it), a fixed number of statements however many. Each caller is answered
 * after that COMMIT; a failed batch is redone order by order, so one bad order fails only its own.
 */
export function createCheckoutOrderWriter({ db, leads }: { db: Database; leads: Pick<LeadRecording, 'findOffers' | 'recordMany'> }) {
  const store = async (tx: Executor, items: OrderToStore[]): Promise<OrderRow[]> => {
    // The batch's offers in two statements (offers, sellers), however many offers the batch holds.
    const offers = await leads.findOffers(
      tx,
      items.map(({ values }) => values.freeOfferId),
    )
    const withLead = items.flatMap((item) => {
      const offer = offers.get(item.values.freeOfferId)
      return offer ? [{ ...item, offer }] : []
    })
    const recorded = await leads.recordMany(
      tx,
      withLead.map(({ values, offer, visitor, at, utm }) => ({ offer, visitor, at, utm, variantId: values.variantId ?? null })),
    )
    const leadOf = new Map(withLead.map((item, index) => [item.values.id, recorded[index]?.leadId ?? null]))
    const rows = await orderBatchRepository.insertMany(
      tx,
      items.map(({ values }) => ({ ...values, leadId: leadOf.get(values.id) ?? null })),
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    return items.map(({ values }) => {
      const row = byId.get(values.id)
      if (!row) throw new Error('the order row was not stored')
      return row
    })
  }
  return batchedWrites(
    (items: OrderToStore[]) => db.transaction((tx) => store(tx, items)),
    async (item: OrderToStore) => {
      const [row] = await db.transaction((tx) => store(tx, [item]))
      if (!row) throw new Error('the order row was not stored')
      return row
    },
  )
}
