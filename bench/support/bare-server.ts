/**
 * The anchor of the HTTP benchmarks: a bare Fastify server in its own process, answering what the
 * product answers with no work behind it. Started by `startBareServer`; prints its port.
 *   GET /json, GET /html: the bytes of the first two files named on the command line, with the
 *     response headers of the third (JSON `{ json: {...}, html: {...} }`) when given: the product's
 *     own security headers, ETag and cache policy, so both servers write the same answer
 *   POST /lead: parses the JSON body and answers 201 {"status":"subscribed"}
 *   POST /hook: answers 200 (a CRM for the product's webhooks)
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const [jsonFile, htmlFile, headersFile] = process.argv.slice(2)
const json = jsonFile ? readFileSync(jsonFile) : Buffer.from('{}')
const html = htmlFile ? readFileSync(htmlFile) : Buffer.from('<!doctype html>')
type Headers = Record<string, string>
const headers: { json: Headers; html: Headers } = headersFile
  ? JSON.parse(readFileSync(headersFile, 'utf8'))
  : { json: { 'content-type': 'application/json; charset=utf-8' }, html: { 'content-type': 'text/html; charset=utf-8' } }

const app = Fastify({ logger: false })
app.get('/json', (_request, reply) => reply.headers(headers.json).send(json))
app.get('/html', (_request, reply) => reply.headers(headers.html).send(html))
app.post('/lead', (_request, reply) => reply.code(201).send({ status: 'subscribed' }))
// A CRM receiving the product's webhooks during the lead benchmark.
app.post('/hook', (_request, reply) => reply.code(200).send({ ok: true }))
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
console.log(typeof address === 'object' && address ? address.port : 0)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
