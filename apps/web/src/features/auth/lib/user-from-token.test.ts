import { describe, expect, it } from 'vitest'
import { fakeAccessToken } from '../../../testing/tokens'
import { userFromToken } from './user-from-token'

describe('userFromToken', () => {
  it('reads each field from its own claim (decision D4), UTF-8 included', () => {
    const token = fakeAccessToken({ user_id: 'u-1', full_name: 'Zoë Ørsted', email: 'zoe@example.com' }, { exp: 1 })

    expect(userFromToken(token)).toEqual({ user_id: 'u-1', full_name: 'Zoë Ørsted', email: 'zoe@example.com' })
  })

  it('is null for anything that is not a readable access token', () => {
    expect(userFromToken('')).toBeNull()
    expect(userFromToken('not-a-token')).toBeNull()
    expect(userFromToken('a.%%%.c')).toBeNull()
    expect(userFromToken(`x.${btoa(JSON.stringify({ user_id: 'u-1' }))}.y`)).toBeNull()
  })
})
