// `npm run bench`: runs every bench/*.bench.ts one after another (never in parallel: they measure
// the machine) and exits non-zero when any of them missed a goal. `npm run bench -- leads` runs
// only the benchmarks whose file name contains "leads".
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const filters = process.argv.slice(2)
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort()

const results = []
for (const name of benches) {
  console.log(`\n=== ${name}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name)], { stdio: 'inherit' })
  results.push({ name, status: run.status ?? 1 })
}

console.log('\n=== summary')
for (const { name, status } of results) console.log(`${status === 0 ? 'met   ' : 'MISSED'}  ${name}`)
process.exit(results.every(({ status }) => status === 0) ? 0 : 1)
