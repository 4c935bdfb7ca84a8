import { describe, expect, it } from 'vitest'
import { messages } from '../messages.js'
import { signUpFormSchema } from './auth-schemas.js'

describe('sign-up form schema', () => {
  it('reports mismatched passwords even while other fields are still empty', () => {
    const result = signUpFormSchema.safeParse({ password: 'correct horse', confirmed_password: 'wrong horse' })
    const mismatch = result.error?.issues.find((issue) => issue.path.join('.') === 'confirmed_password')
    expect(mismatch?.message).toBe(messages.passwordsMustMatch)
  })

  it('does not call an empty confirmation a mismatch', () => {
    const result = signUpFormSchema.safeParse({ password: 'correct horse', confirmed_password: '' })
    const messagesForConfirmation = result.error?.issues
      .filter((issue) => issue.path.join('.') === 'confirmed_password')
      .map((issue) => issue.message)
    expect(messagesForConfirmation).toEqual([messages.required])
  })
})
