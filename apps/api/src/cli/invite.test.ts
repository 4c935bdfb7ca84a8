import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestApp } from '../../test/build-test-app.js'
import { createSeller } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { repoRoot } from '../config.js'

type Run = { code: number; stdout: string; stderr: string }

const publicUrl = 'http://invite.funnelry.test'
const cliTimeout = 60_000

describe('npm run invite -- <email> (apps/api/src/cli/invite.ts)', () => {
  let ctx: TestApp
  let dataDir: string
  test.beforeEach(async ({ app }) => {
    // The app's fresh database (made by createTestDatabase) is the one the command writes to.
    ctx = app
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'funnelry-invite-cli-'))
  })
  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  const invite = (...args: string[]) => inviteWith({ PUBLIC_URL: publicUrl }, ...args)
  const inviteWith = (address: Record<string, string>, ...args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        'npx',
        ['tsx', 'apps/api/src/cli/invite.ts', ...args],
        {
          cwd: repoRoot,
          timeout: cliTimeout,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: String(ctx.config.DATABASE_URL),
            ...address,
            PAGES_URL: 'http://pages.invite.funnelry.test',
            DATA_DIR: dataDir,
            JWT_SECRET: 'invite-cli-test-secret-that-is-long-enough',
            SMTP_URL: '',
            REDIS_URL: '',
          },
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
          resolve({ code, stdout, stderr })
        },
      )
    })

  const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? ''

  test(
    'creates an invitation, queues its email and prints the sign-up link last',
    async () => {
      const run = await invite('someone@example.com')
      expect(run.stderr).toContain('No SMTP_URL is set, so send this link yourself')
      expect(run.code).toBe(0)

      const link = lastLine(run.stdout)
      expect(link).toMatch(new RegExp(`^${publicUrl}/sign-up\\?email=someone%40example\\.com&token=[A-Za-z0-9_-]{43}$`))
      const url = new URL(link)
      expect(url.searchParams.get('email')).toBe('someone@example.com')
      const token = url.searchParams.get('token') ?? ''

      // The link works against the API on the same database.
      const check = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/validate-invite/',
        payload: { email: 'someone@example.com', token },
      })
      expect(check.statusCode).toBe(200)
      expect(check.json()).toEqual({ valid: true })

      // Only the token's SHA-256 is kept in the invitation.
      const { rows } = await ctx.pool.query('select * from invitations where email = $1', ['someone@example.com'])
      expect(rows).toHaveLength(1)
      expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'))
      expect(JSON.stringify(rows[0])).not.toContain(token)
      expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBeCloseTo(7 * 24 * 60 * 60 * 1000, -4)

      // The email is stored and its sending job queued.
      const mail = await ctx.pool.query('select id, status, kind, text from emails where lower("to") = \'someone@example.com\'')
      expect(mail.rows).toEqual([{ id: expect.any(String), status: 'queued', kind: 'invitation', text: expect.stringContaining(link) }])
      const job = await ctx.pool.query("select data from pgboss.job where name = 'send-email' and data->>'emailId' = $1", [mail.rows[0].id])
      expect(job.rows).toHaveLength(1)
    },
    cliTimeout * 2,
  )

  test(
    'replaces an earlier invitation for the same email (any case), whose link stops working',
    async () => {
      const first = new URL(lastLine((await invite('Twice@Example.com')).stdout))
      const second = await invite('twice@example.com')
      expect(second.code).toBe(0)
      const latest = new URL(lastLine(second.stdout))
      expect(first.searchParams.get('email')).toBe('twice@example.com')

      const validate = (token: string | null) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/authentication/validate-invite/', payload: { email: 'twice@example.com', token } })
      expect((await validate(first.searchParams.get('token'))).statusCode).toBe(400)
      expect((await validate(latest.searchParams.get('token'))).statusCode).toBe(200)
    },
    cliTimeout * 3,
  )

  test(
    'refuses an email that already has an account',
    async () => {
      const { seller } = await createSeller(ctx)
      const run = await invite(seller.email)
      expect(run.code).toBe(1)
      expect(run.stderr).toContain('A seller with this email already has an account.')
      expect(run.stdout).toBe('')
    },
    cliTimeout * 2,
  )

  test(
    'without PUBLIC_URL or PORT, prints the link on the address the server on this DATA_DIR runs at',
    async () => {
      // What the server records when it starts (server.ts), here on a port other than 3000.
      await writeFile(path.join(dataDir, 'public-url'), 'http://localhost:4567\n')
      const run = await inviteWith({ PUBLIC_URL: '', PORT: '' }, 'elsewhere@example.com')
      expect(run.code).toBe(0)
      expect(lastLine(run.stdout)).toMatch(/^http:\/\/localhost:4567\/sign-up\?email=elsewhere%40example\.com&token=/)
    },
    cliTimeout * 2,
  )

  test.each([['not-an-email'], ['']])(
    'exits non-zero with the usage for the argument %j',
    async (argument) => {
      const run = await invite(...(argument ? [argument] : []))
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('Usage: npm run invite -- someone@example.com')
      expect(run.stdout).toBe('')
      const { rows } = await ctx.pool.query('select count(*)::int as count from invitations where email = $1', [argument])
      expect(rows[0].count).toBe(0)
    },
    cliTimeout * 2,
  )
})
