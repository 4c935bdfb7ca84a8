import { describe, expect, it } from 'vitest'
import { visitorDetailsSchema } from './lead-schemas.js'
import { visitorDetailsErrors } from './visitor-details-rules.js'

/** The server's zod answer in the same shape: the first message of each field. */
function schemaErrors(values: { full_name: string; email: string }) {
  const result = visitorDetailsSchema.safeParse(values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0])
    errors[field] ??= issue.message
  }
  return errors
}

describe('the details panel rules without zod', () => {
  it('answer exactly what the server schema answers', () => {
    const samples = [
      { full_name: '', email: '' },
      { full_name: '   ', email: '  ' },
      { full_name: 'Grace Hopper', email: 'grace@' },
      { full_name: 'Grace Hopper', email: 'grace@example.com' },
      { full_name: ' Grace ', email: ' grace@example.com ' },
      { full_name: 'x'.repeat(151), email: `${'a'.repeat(250)}@example.com` },
      { full_name: 'x'.repeat(150), email: 'a..b@example.com' },
      { full_name: 'Ada', email: '.ada@example.com' },
      { full_name: 'Ada', email: "o'brien+tag@mail.example.co.uk" },
      { full_name: 'Ada', email: 'ada@example.c' },
      { full_name: 'Ada', email: 'ada@-example.com' },
      { full_name: 'Ada', email: 'ada example@example.com' },
    ]
    for (const sample of samples) expect(visitorDetailsErrors(sample), JSON.stringify(sample)).toEqual(schemaErrors(sample))
  })
})
