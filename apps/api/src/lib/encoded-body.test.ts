import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, encodeBody } from './encoded-body.js'

describe('prepared response bodies', () => {
  it('picks brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBe('identity')
    expect(chooseEncoding('*')).toBe('gzip')
    expect(chooseEncoding('identity')).toBe('identity')
  })

  it('gives the same bytes compressed, and the same ETag for the same text only', () => {
    const body = encodeBody('{"headline":"Seven Recipes"}', 'application/json; charset=utf-8')
    expect(gunzipSync(body.bytes('gzip')).toString()).toBe('{"headline":"Seven Recipes"}')
    expect(body.bytes('gzip')).toBe(body.bytes('gzip'))
    expect(encodeBody('{"headline":"Seven Recipes"}', 'application/json').etag).toBe(body.etag)
    expect(encodeBody('{"headline":"Eight Recipes"}', 'application/json').etag).not.toBe(body.etag)
  })
})
