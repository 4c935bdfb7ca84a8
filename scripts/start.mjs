// `npm start` (API, web app and job workers), `npm run start:web` (no job workers) and
// `npm run worker` (job workers only): builds what changed since the last build (scripts/build.mjs),
// then runs the compiled JavaScript in this same process, so signals reach it directly.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfChanged, parts } from './build.mjs'

const role = process.argv[2] === '--worker' ? 'worker' : process.argv[2] === '--web-only' ? 'web' : 'all'
await buildIfChanged('api')
if (role !== 'worker') await buildIfChanged('web')
const entry = path.join(parts.api.dist, role === 'worker' ? 'worker.js' : 'server.js')
await import(pathToFileURL(entry).href)
