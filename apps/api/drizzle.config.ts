import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` reads this: it turns src/db/schema into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
})
