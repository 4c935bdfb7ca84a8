import type { ImageValue } from '../../../components/image-drop-zone'
import { type FreeOfferDraft, freeOfferDraft } from '../../../lib/free-offer-draft'
import type { FreeOfferFormValues } from './free-offer-form-values'

type ImageName = keyof FreeOfferDraft['images']
const imageNames: readonly ImageName[] = ['asset_image', 'logo']

/**
 * Chosen files bigger than this stay out of localStorage (whose quota is a few MB per site); they
 * are kept in memory instead, which covers the 'Add New' round trip within the app. Only the
 * preview tab (another document) goes without them.
 */
export const maxStoredImageBytes = 1024 * 1024

/** The files of the last saved draft, so a large image survives the round trip without being stored. */
let rememberedFiles: Record<ImageName, File | null> = { asset_image: null, logo: null }

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

async function storedImage(value: ImageValue): Promise<string | null> {
  if (!(value instanceof File)) return value
  return value.size <= maxStoredImageBytes ? readAsDataUrl(value) : null
}

function dataUrlToFile(dataUrl: string, name: ImageName): File | null {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl)
  if (!match) return null
  const [, type = '', base64 = ''] = match
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  return new File([bytes], `${name}.${type === 'image/png' ? 'png' : 'jpg'}`, { type })
}

/** Saves the form as the draft (lib/free-offer-draft.ts) for the 'Add New' round trip and the preview tab. */
export async function saveFreeOfferDraft(values: FreeOfferFormValues, offerId: string | null): Promise<void> {
  const [assetImage, logo] = await Promise.all([storedImage(values.asset_image), storedImage(values.logo)])
  const draft: FreeOfferDraft = {
    offerId,
    values: {
      headline: values.headline,
      sub_headline: values.sub_headline,
      url: values.url,
      opt_in_button: values.opt_in_button,
      is_active: values.is_active,
      bump_offer_id: values.bump_offer_id,
      upsell_offer_id: values.upsell_offer_id,
      after_purchase: values.after_purchase,
    },
    show: values.show,
    images: { asset_image: assetImage, logo },
  }
  rememberedFiles = {
    asset_image: values.asset_image instanceof File ? values.asset_image : null,
    logo: values.logo instanceof File ? values.logo : null,
  }
  // Too big for the storage even so: keep the texts, the images stay in memory only.
  if (!freeOfferDraft.save(draft)) freeOfferDraft.save({ ...draft, images: { asset_image: null, logo: null } })
}

function restoredImage(draft: FreeOfferDraft, name: ImageName): ImageValue {
  const stored = draft.images[name]
  const remembered = rememberedFiles[name]
  if (remembered) return remembered
  if (stored?.startsWith('data:')) return dataUrlToFile(stored, name)
  return stored
}

/** The form values of the stored draft of this page (the add form, or the edit form of `offerId`), if there is one. */
export function restoreFreeOfferDraft(offerId: string | null): FreeOfferFormValues | null {
  const draft = freeOfferDraft.read()
  if (!draft || draft.offerId !== offerId) return null
  const [assetImage, logo] = imageNames.map((name) => restoredImage(draft, name))
  return {
    ...draft.values,
    after_purchase: draft.values.after_purchase ?? [],
    show: draft.show,
    asset_image: assetImage ?? null,
    logo: logo ?? null,
  }
}

export function clearFreeOfferDraft() {
  freeOfferDraft.clear()
  rememberedFiles = { asset_image: null, logo: null }
}
