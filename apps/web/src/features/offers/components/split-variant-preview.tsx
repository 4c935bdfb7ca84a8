import type { FreeOffer } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'
import { useEffect, useState } from 'react'
import { noneChosen, samePage, type VariantDraft } from '../lib/split-test-draft'

type Choices = { id: string; headline: string | null }[] | undefined

/** A chosen file's object URL (revoked when it changes), else the page's stored image. */
function useImageUrl(draft: VariantDraft, offer: FreeOffer): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!(draft.image instanceof File)) return
    const url = URL.createObjectURL(draft.image)
    setObjectUrl(url)
    return () => {
      URL.revokeObjectURL(url)
      setObjectUrl(null)
    }
  }, [draft.image])
  return draft.image instanceof File ? objectUrl : offer.asset_image
}

const addOnName = (choice: string, page: string | null | undefined, choices: Choices) =>
  choice === samePage
    ? (page ?? null)
    : choice === noneChosen
      ? null
      : (choices?.find((item) => item.id === choice)?.headline ?? 'Untitled')

/**
 * What this variant's visitors will see, drawn from the form before the test exists (the server's
 * preview link needs a saved variant: the results list it per variant once the test runs). The
 * logo and the download are always the page's, so only what a variant can change is drawn.
 */
export function SplitVariantPreview({
  name,
  offer,
  draft,
  bumps,
  upsells,
}: {
  name: string
  offer: FreeOffer
  draft: VariantDraft
  bumps: Choices
  upsells: Choices
}) {
  const image = useImageUrl(draft, offer)
  const bump = addOnName(draft.bump, offer.bump_offer?.headline, bumps)
  const upsell = addOnName(draft.upsell, offer.upsell_offer?.headline, upsells)
  return (
    <Box component="figure" aria-label={`Preview of ${name}`} sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography component="figcaption" variant="overline" color="text.secondary">
        Preview
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {image && <Box component="img" src={image} alt="" sx={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }} />}
        <Typography sx={{ fontWeight: 700, fontSize: 20, overflowWrap: 'anywhere' }}>{draft.headline}</Typography>
        {draft.sub_headline && <Typography sx={{ overflowWrap: 'anywhere' }}>{draft.sub_headline}</Typography>}
        <Box sx={{ px: 2, py: 1, borderRadius: 1, bgcolor: 'primary.main', color: 'primary.contrastText', overflowWrap: 'anywhere' }}>
          {draft.opt_in_button}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {`BUMP: ${bump ?? 'none'} · OTO: ${upsell ?? 'none'}`}
        </Typography>
      </Stack>
    </Box>
  )
}
