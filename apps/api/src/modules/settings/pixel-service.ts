import { type Pixel, type PixelInput, type PixelPatch, pixelScriptProblem } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { type PixelRow, pixelRepository } from './settings-repository.js'

type Deps = { db: Database; now: () => Date }

/** Every pixel runs on every public offer page load; a cap keeps one seller's pages loadable. */
export const maxPixelsPerSeller = 50

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const toPixel = (row: PixelRow): Pixel => ({ id: row.id, pixel_type: row.pixelType, script: row.script })

/** Advertising pixels (decisions D7, D28): the platform's snippet or its bare ID, stored exactly as written. */
export function createPixelService({ db, now }: Deps) {
  /** A malformed id cannot name a pixel: answer as for someone else's (404), not with a database error. */
  const checkId = (id: string) => {
    if (!uuidPattern.test(id)) throw new NotFoundError()
  }

  return {
    list: async (sellerId: string): Promise<Pixel[]> => (await pixelRepository.list(db, sellerId)).map(toPixel),

    async create(sellerId: string, input: PixelInput): Promise<Pixel> {
      if ((await pixelRepository.count(db, sellerId)) >= maxPixelsPerSeller) {
        throw ValidationError.nonField(`You can add at most ${maxPixelsPerSeller} pixels. Delete one you no longer use first.`)
      }
      return toPixel(await pixelRepository.insert(db, { sellerId, pixelType: input.pixel_type, script: input.script }))
    },

    async update(sellerId: string, id: string, patch: PixelPatch): Promise<Pixel> {
      checkId(id)
      // Decision D28: a change of one field may make the pair wrong (a Google ID on a Facebook pixel).
      if (patch.pixel_type === undefined || patch.script === undefined) {
        const stored = await pixelRepository.find(db, sellerId, id)
        if (!stored) throw new NotFoundError()
        const problem = pixelScriptProblem(patch.pixel_type ?? stored.pixelType, patch.script ?? stored.script)
        // A stored script from before D28 stays as it is while only its type changes.
        if (problem && patch.script !== undefined) throw ValidationError.field('script', problem)
      }
      const row = await pixelRepository.update(
        db,
        sellerId,
        id,
        {
          ...(patch.pixel_type === undefined ? {} : { pixelType: patch.pixel_type }),
          ...(patch.script === undefined ? {} : { script: patch.script }),
        },
        now(),
      )
      if (!row) throw new NotFoundError()
      return toPixel(row)
    },

    async remove(sellerId: string, id: string): Promise<void> {
      checkId(id)
      if (!(await pixelRepository.remove(db, sellerId, id))) throw new NotFoundError()
    },
  }
}
export type PixelService = ReturnType<typeof createPixelService>
