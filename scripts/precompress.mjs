// After `vite build`: writes .br and .gz next to every text asset, so the server sends phones
// compressed files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(process.argv[2] ?? 'dist')
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for (const file of files(root)) {
  if (!compressible.test(file) || statSync(file).size < 1024) continue
  const content = readFileSync(file)
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  count += 1
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`)
