/**
 * What the results need from the leads and orders modules (asked through their services, never
 * their tables): opt-ins per variant, and each buying visitor's revenue per variant and day.
 */
export type VisitorRevenueRow = {
  variantId: string
  /** The buying visitor: their lead, else the order itself. */
  visitorKey: string
  /** UTC day the money came in (YYYY-MM-DD). */
  day: string
  cents: number
  orders: number
  currency: number
}

export type SplitFunnel = {
  optInsByVariant(variantIds: string[]): Promise<Map<string, number>>
  revenueByVariant(variantIds: string[]): Promise<VisitorRevenueRow[]>
}
