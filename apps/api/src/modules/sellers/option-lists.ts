import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { businessIndustries, staffMemberOptions } from './sellers-tables.js'

export const industryNames = [
  'Coaching & Consulting',
  'E-commerce & Retail',
  'Education & Courses',
  'Health & Fitness',
  'Marketing & Advertising',
  'Real Estate',
  'Software & SaaS',
  'Finance & Investing',
  'Beauty & Fashion',
  'Food & Beverage',
  'Travel & Hospitality',
  'Non-profit',
  'Other',
]

export const staffMemberLabels = ['Just me', '2-5', '6-10', '11-25', '26-50', '51-200', '201+']

/** Idempotent: safe on every start, and keeps any list item an operator added. */
export async function seedOptionLists(db: Database): Promise<void> {
  await db
    .insert(businessIndustries)
    .values(industryNames.map((name, position) => ({ name, position })))
    .onConflictDoUpdate({ target: businessIndustries.name, set: { position: sql`excluded.position` } })
  await db
    .insert(staffMemberOptions)
    .values(staffMemberLabels.map((label, position) => ({ label, position })))
    .onConflictDoUpdate({ target: staffMemberOptions.label, set: { position: sql`excluded.position` } })
}
