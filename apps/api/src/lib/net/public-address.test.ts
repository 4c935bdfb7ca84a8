import { lookup } from 'node:dns/promises'
import { describe, expect, it } from 'vitest'
import { checkPublicUrl, isPublicIp, parseIPv6, resolvePublicUrl } from './public-address.js'

const refused = (url: string) => checkPublicUrl(url).ok === false

describe('isPublicIp', () => {
  it('refuses private, loopback, link-local, CGNAT and other special IPv4 ranges', () => {
    for (const ip of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.254',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
    ]) {
      expect(isPublicIp(ip), ip).toBe(false)
    }
  })

  it('accepts public IPv4 addresses next to the private ranges', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '11.0.0.1', '93.184.216.34']) {
      expect(isPublicIp(ip), ip).toBe(true)
    }
  })

  it('refuses loopback, unspecified, link-local, unique-local and multicast IPv6', () => {
    for (const ip of ['::1', '::', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fc00::1', 'fd12:3456:789a::1', 'ff02::1', '2001:db8::1']) {
      expect(isPublicIp(ip), ip).toBe(false)
    }
  })

  it('looks inside IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses', () => {
    for (const ip of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:0101::1',
    ]) {
      expect(isPublicIp(ip), ip).toBe(false)
    }
    for (const ip of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) {
      expect(isPublicIp(ip), ip).toBe(true)
    }
  })

  it('parses IPv6 text into eight groups', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304])
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(parseIPv6('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1])
    expect(parseIPv6('not-an-address')).toBeNull()
  })
})

/**
 * Every IPv6 form that routes to an IPv4 address underneath, each with a non-public IPv4 address
 * inside (refused) and with a public one (accepted): the embedded address decides.
 */
const embeddingForms = [
  { form: 'IPv4-mapped ::ffff:0:0/96', refused: ['::ffff:127.0.0.1', '::ffff:a9fe:a9fe'], accepted: ['::ffff:8.8.8.8'] },
  {
    form: 'IPv4-translated ::ffff:0:0:0/96',
    refused: ['::ffff:0:127.0.0.1', '::ffff:0:a00:1', '::ffff:0:192.168.0.1'],
    accepted: ['::ffff:0:8.8.8.8'],
  },
  { form: 'IPv4-compatible ::/96', refused: ['::127.0.0.1', '::10.0.0.1', '::a9fe:a9fe'], accepted: ['::8.8.8.8'] },
  { form: 'NAT64 well-known 64:ff9b::/96', refused: ['64:ff9b::127.0.0.1', '64:ff9b::a00:1'], accepted: ['64:ff9b::8.8.8.8'] },
  // Local-use NAT64: where the IPv4 address sits depends on the local translator, so none is public.
  {
    form: 'NAT64 local-use 64:ff9b:1::/48',
    refused: ['64:ff9b:1::127.0.0.1', '64:ff9b:1::8.8.8.8', '64:ff9b:1:0:7f:0:100:0'],
    accepted: [],
  },
  { form: '6to4 2002::/16', refused: ['2002:7f00:1::1', '2002:c0a8:0101::1', '2002:a9fe:a9fe::'], accepted: ['2002:808:808::1'] },
  // Teredo: server 2001:0:SSSS:SSSS, client's IPv4 with every bit flipped in the last 32 bits.
  {
    form: 'Teredo 2001:0::/32',
    refused: ['2001:0::1', '2001:0:7f00:1::fefe:fefe', '2001:0:808:808::80ff:fffe', '2001:0:808:808::f5ff:fffe'],
    accepted: ['2001:0:808:808::fefe:fefe'],
  },
]

describe.each(embeddingForms)('$form', ({ refused: refusedAddresses, accepted }) => {
  it('is refused when the embedded IPv4 address is not public, as an address, at save time and at delivery', async () => {
    for (const address of refusedAddresses) {
      expect(isPublicIp(address), address).toBe(false)
      expect(refused(`http://[${address}]/hook`), address).toBe(true)
      const delivered = await resolvePublicUrl('https://crm.example.com/hook', async () => [{ address, family: 6 }])
      expect(delivered.ok, address).toBe(false)
    }
  })

  it('is accepted when the embedded IPv4 address is public', async () => {
    for (const address of accepted) {
      expect(isPublicIp(address), address).toBe(true)
      expect(refused(`http://[${address}]/hook`), address).toBe(false)
      const delivered = await resolvePublicUrl('https://crm.example.com/hook', async () => [{ address, family: 6 }])
      expect(delivered.ok, address).toBe(true)
    }
  })
})

describe('checkPublicUrl (save time)', () => {
  it('refuses loopback and private hosts however the IPv4 address is spelled', () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://2130706433/', // decimal
      'http://0x7f000001/', // hex
      'http://0x7f.0.0.1/',
      'http://0177.0.0.1/', // octal
      'http://127.1/', // short form
      'http://017700000001/',
      'http://0/',
      'http://169.254.169.254/latest/meta-data/', // cloud metadata
      'https://10.0.0.5:8443/hook',
      'http://192.168.0.10/',
      'http://100.64.1.1/',
    ]) {
      expect(refused(url), url).toBe(true)
    }
  })

  it('refuses IPv6 literals of loopback, link-local, unique-local and IPv4-mapped private addresses', () => {
    for (const url of [
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::]/',
    ]) {
      expect(refused(url), url).toBe(true)
    }
  })

  it('refuses localhost and internal names', () => {
    for (const url of [
      'http://localhost/',
      'http://LOCALHOST:3000/',
      'http://localhost./',
      'http://api.localhost/',
      'http://printer.local/',
      'http://db.internal/',
      'http://intranet/',
      'http://router.home.arpa/',
    ]) {
      expect(refused(url), url).toBe(true)
    }
  })

  it('refuses what is not http(s)', () => {
    for (const url of ['ftp://crm.example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'not a url']) {
      expect(refused(url), url).toBe(true)
    }
  })

  it('accepts public names and addresses', () => {
    for (const url of [
      'https://crm.example.com/hooks/leads',
      'http://8.8.8.8/',
      'https://[2606:4700:4700::1111]/x',
      'https://hooks.zapier.com/hooks/catch/1/abc/',
    ]) {
      expect(checkPublicUrl(url).ok, url).toBe(true)
    }
  })
})

describe('resolvePublicUrl (delivery time)', () => {
  it('refuses a name that resolves to a loopback address', async () => {
    // A public-looking name whose DNS answer is 127.0.0.1/::1 (the real resolver's answer for localhost).
    const verdict = await resolvePublicUrl('https://crm.example.com/hook', () => lookup('localhost', { all: true }))
    expect(verdict.ok).toBe(false)
    if (!verdict.ok) expect(verdict.reason).toMatch(/resolves to (127\.0\.0\.1|::1)/)
  })

  it('refuses when any one of the answers is private', async () => {
    const verdict = await resolvePublicUrl('https://crm.example.com/hook', async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ])
    expect(verdict.ok).toBe(false)
  })

  it('returns the checked addresses when all are public', async () => {
    const verdict = await resolvePublicUrl('https://crm.example.com/hook', async () => [{ address: '93.184.216.34', family: 4 }])
    expect(verdict).toMatchObject({ ok: true, addresses: [{ address: '93.184.216.34', family: 4 }] })
  })

  it('uses the system resolver by default and refuses localhost', async () => {
    expect((await resolvePublicUrl('http://localhost:9/')).ok).toBe(false)
    expect((await resolvePublicUrl('http://2130706433/')).ok).toBe(false)
  })

  it('checks IP literals without resolving and reports names that do not resolve', async () => {
    expect(await resolvePublicUrl('http://8.8.8.8/', () => Promise.reject(new Error('must not resolve')))).toMatchObject({
      ok: true,
      addresses: [{ address: '8.8.8.8', family: 4 }],
    })
    const failing = await resolvePublicUrl('https://nowhere.example.com/', () =>
      Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })),
    )
    expect(failing).toEqual({ ok: false, reason: 'nowhere.example.com does not resolve (ENOTFOUND)' })
  })
})
