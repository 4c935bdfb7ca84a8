import type { AddressInfo } from 'node:net'
import { createUDPServer, Packet } from 'dns2'

/**
 * A real DNS server on 127.0.0.1 (UDP, an ephemeral port) answering TXT questions from a table
 * the test fills: the product's resolver asks it through DNS_SERVER, never the network.
 */
export async function startTestDnsServer() {
  const txt = new Map<string, string[]>()
  let broken = false
  const server = createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request)
    const question = request.questions[0]
    const values = question ? txt.get(question.name.toLowerCase()) : undefined
    if (broken) response.header.rcode = Packet.RCODE.SERVFAIL
    else if (!question || !values) response.header.rcode = Packet.RCODE.NXDOMAIN
    else if (question.type === Packet.TYPE.TXT) {
      for (const data of values) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 0, data }))
    }
    send(response)
  })
  await server.listen(0, '127.0.0.1')
  const { port } = server.address() as AddressInfo

  return {
    /** For DNS_SERVER. */
    address: `127.0.0.1:${port}`,
    setTxt: (name: string, ...values: string[]) => {
      txt.set(name.toLowerCase(), values)
    },
    removeTxt: (name: string) => {
      txt.delete(name.toLowerCase())
    },
    /** Every answer becomes SERVFAIL, as when the domain's DNS is down. */
    setBroken: (value: boolean) => {
      broken = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type TestDnsServer = Awaited<ReturnType<typeof startTestDnsServer>>
