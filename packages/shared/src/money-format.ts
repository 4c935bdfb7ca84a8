// No zod here: the public offer page imports this file alone (issue 11).
/**
 * Money is integer minor units everywhere it is stored or computed, and a two-decimal
 * string ("19.00") wherever it travels. These two functions are the only crossing points.
 */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export const amountPattern = /^\d{1,7}(\.\d{1,2})?$/

/** Parses "19", "19.5" or "19.50" into 1950 without going through floating point. */
export function amountToCents(amount: string): number {
  const [whole, fraction = ''] = amount.trim().split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export const maxAmountCents = 99_999_999

/** Shows a price the way the product does: symbol, then two decimals. */
export function formatMoney(symbol: string, amount: string | number): string {
  const value = typeof amount === 'number' ? centsToAmount(amount) : amount
  return `${symbol}${value}`
}
