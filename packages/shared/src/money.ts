import { z } from 'zod'
import { amountPattern } from './money-format.js'

export * from './money-format.js'

/** A price as a person types it: up to 9,999,999.99, at most two decimals. */
export const amountSchema = z.string().trim().regex(amountPattern, 'Enter an amount such as 19 or 19.99.')
