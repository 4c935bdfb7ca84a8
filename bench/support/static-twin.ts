import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync } from 'node:zlib'

type Cached = { status: number; contentType: string; body: Buffer }

/**
 * The anchor of the page-speed bench: a static copy of the very page the product served, with
 * every script taken out (what a hand-written HTML page with the same headline, image, price,
 * button and bump box would be), served from memory on this machine, compressed, images included.
 * Image requests are fetched from the product once and then answered from memory.
 */
export async function startStaticTwin(productUrl: string, pagePath: string, headers: Record<string, string> = {}) {
  // `headers`: a split test's cookie, to copy the page of one variant (issue 27).
  return startStaticTwinOf(productUrl, await (await fetch(`${productUrl}${pagePath}`, { headers })).text())
}

/**
 * The same anchor made of a given document: for a page whose content the browser draws after load
 * (the post-purchase offer), the document as the browser shows it, taken from its DOM.
 */
export async function startStaticTwinOf(productUrl: string, document: string) {
  const html = document
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\n\s*\n/g, '\n')
  const compressedHtml = brotliCompressSync(html)
  const cache = new Map<string, Cached>()

  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache' })
      response.end(compressedHtml)
      return
    }
    const cached = cache.get(url)
    const answer = cached
      ? Promise.resolve(cached)
      : fetch(`${productUrl}${url}`).then(async (fetched) => {
          const entry = {
            status: fetched.status,
            contentType: fetched.headers.get('content-type') ?? '',
            body: Buffer.from(await fetched.arrayBuffer()),
          }
          cache.set(url, entry)
          return entry
        })
    answer
      .then((entry) => {
        response.writeHead(entry.status, { 'content-type': entry.contentType, 'cache-control': 'public, max-age=31536000, immutable' })
        response.end(entry.body)
      })
      .catch(() => {
        response.writeHead(502)
        response.end()
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    html,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
