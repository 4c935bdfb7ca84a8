import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` reads this: it turns the schema (src/db/schema/index.ts, which
// re-exports each module's <area>-tables.ts) into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
})
