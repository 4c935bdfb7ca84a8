import { z } from 'zod'
import { type CurrencyId, currencies } from './currency-table.js'

export * from './currency-table.js'

export const currencyIdSchema = z.coerce
  .number()
  .int()
  .refine((value): value is CurrencyId => currencies.some((c) => c.value === value), {
    message: 'Choose one of the listed currencies.',
  })
