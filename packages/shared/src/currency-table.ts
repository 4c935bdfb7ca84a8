// No zod here: the public offer page imports this file alone (issue 11).
/** Decision D2: the one table of currencies. Ids travel as numbers; codes go to the payment provider. */
export const currencies = [
  { value: 1, code: 'usd', symbol: '$' },
  { value: 2, code: 'eur', symbol: '€' },
  { value: 3, code: 'gbp', symbol: '£' },
] as const

export type Currency = (typeof currencies)[number]
export type CurrencyId = Currency['value']
export const defaultCurrency: CurrencyId = 1

export function currencyById(id: number): Currency {
  return currencies.find((c) => c.value === id) ?? currencies[0]
}

export function currencySymbol(id: number): string {
  return currencyById(id).symbol
}
