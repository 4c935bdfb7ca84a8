import { afterEach, describe, expect, it } from 'vitest'
import { freeOfferDraft } from '../../../lib/free-offer-draft'
import { clearFreeOfferDraft, maxStoredImageBytes, restoreFreeOfferDraft, saveFreeOfferDraft } from './free-offer-draft-values'
import { emptyFreeOfferValues } from './free-offer-form-values'

const png = (size: number) => new File([new Uint8Array(size).fill(7)], 'cover.png', { type: 'image/png' })

afterEach(clearFreeOfferDraft)

describe('free offer draft values', () => {
  it('stores a small image as a data URL that restores as a PNG file of the same bytes', async () => {
    await saveFreeOfferDraft({ ...emptyFreeOfferValues, headline: 'Guide', asset_image: png(10) }, null)
    const stored = freeOfferDraft.read()
    expect(stored?.images.asset_image).toMatch(/^data:image\/png;base64,/)

    // As after a reload: only what is stored is left.
    clearFreeOfferDraft()
    if (stored) freeOfferDraft.save(stored)
    const restored = restoreFreeOfferDraft(null)

    expect(restored?.headline).toBe('Guide')
    const file = restored?.asset_image
    expect(file).toBeInstanceOf(File)
    expect(file instanceof File && [file.type, file.size]).toEqual(['image/png', 10])
  })

  it('keeps a large image out of storage but in memory for the round trip', async () => {
    const large = png(maxStoredImageBytes + 1)
    await saveFreeOfferDraft({ ...emptyFreeOfferValues, logo: large }, null)

    expect(freeOfferDraft.read()?.images.logo).toBeNull()
    expect(restoreFreeOfferDraft(null)?.logo).toBe(large)
  })

  it('keeps a stored image as its URL and reads only the draft of the same offer', async () => {
    await saveFreeOfferDraft({ ...emptyFreeOfferValues, asset_image: '/media/a.png' }, 'offer-1')

    expect(restoreFreeOfferDraft('offer-1')?.asset_image).toBe('/media/a.png')
    expect(restoreFreeOfferDraft(null)).toBeNull()
    expect(restoreFreeOfferDraft('offer-2')).toBeNull()
  })
})
