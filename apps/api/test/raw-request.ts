import net from 'node:net'

/** Sends raw bytes (what a browser or a scanner could send) and returns the whole answer. */
export function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = answer.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') })
    })
  })
}
