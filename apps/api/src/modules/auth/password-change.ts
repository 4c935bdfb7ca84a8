import { verify } from '@node-rs/argon2'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { ValidationError } from '../../lib/errors.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { hashPassword, type SellerService } from '../sellers/sellers-module.js'
import { passwordChangedEmail } from './account-emails.js'
import type { LogIns } from './log-ins.js'

type Deps = { db: Database; jobs: JobQueue; sellers: SellerService; logIns: LogIns }

/** Decision D32, signed in: the current password proves it is the owner; every other log-in ends. */
export function createPasswordChange({ db, jobs, sellers, logIns }: Deps) {
  return async (caller: { id: string; logInId: string }, currentPassword: string, password: string): Promise<void> => {
    const seller = await sellers.findById(caller.id)
    const matches = seller ? await verify(seller.passwordHash, currentPassword).catch(() => false) : false
    if (!seller || !matches) throw ValidationError.field('current_password', 'The current password is incorrect.')
    const passwordHash = await hashPassword(password)
    await db.transaction(async (tx) => {
      await sellers.setPasswordHash(seller.id, passwordHash, tx)
      await queueMailIn(tx, jobs, { ...passwordChangedEmail(seller.email), kind: 'account-security' })
    })
    await logIns.endAll(seller.id, { except: caller.logInId })
  }
}
