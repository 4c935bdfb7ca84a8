import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` reads this: it turns the schema (each module's <area>-tables.ts and
// the mail outbox's, docs/decisions/0028) into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/*-tables.ts', './src/mail/mail-tables.ts'],
  out: './src/db/migrations',
})
