import { describe, expect, it } from 'vitest'
import { amountSchema, amountToCents, centsToAmount, formatMoney } from './money.js'

describe('money', () => {
  it('turns cents into two-decimal strings', () => {
    expect(centsToAmount(0)).toBe('0.00')
    expect(centsToAmount(5)).toBe('0.05')
    expect(centsToAmount(1950)).toBe('19.50')
    expect(centsToAmount(123456789)).toBe('1234567.89')
  })

  it('parses typed amounts without floating point drift', () => {
    expect(amountToCents('19')).toBe(1900)
    expect(amountToCents('19.5')).toBe(1950)
    expect(amountToCents('0.29')).toBe(29)
    expect(amountToCents(' 1.10 ')).toBe(110)
  })

  it('accepts at most two decimals and no signs or letters', () => {
    expect(amountSchema.safeParse('19.99').success).toBe(true)
    for (const bad of ['19.999', '-1', 'abc', '1e3', '', '1,5']) expect(amountSchema.safeParse(bad).success).toBe(false)
  })

  it('formats with the symbol in front', () => {
    expect(formatMoney('$', 5250)).toBe('$52.50')
    expect(formatMoney('€', '9.99')).toBe('€9.99')
  })
})
