import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../../config.js'
import { readOrCreateSecret } from '../../db/embedded.js'

/**
 * Encrypts the two-factor secrets at rest (AES-256-GCM), so a copy of the database alone does not
 * give anyone a seller's codes. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(keyMaterial: string) {
  const key = createHash('sha256').update(keyMaterial).digest()
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
    },
    open(stored: string): string {
      const [version, iv, tag, sealed] = stored.split('.')
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('a two-factor secret is stored in an unknown form')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>

/**
 * TWO_FACTOR_KEY when set (every process of a several-machine installation needs the same), else a
 * key generated into DATA_DIR/secrets on first start, next to the JWT secret. Not derived from
 * JWT_SECRET: rotating that one to log everyone out must not make every two-factor secret unreadable.
 */
export async function loadTwoFactorKey(config: Config): Promise<string> {
  return config.TWO_FACTOR_KEY ?? readOrCreateSecret(path.join(config.dataDir, 'secrets', 'two-factor-key'))
}
