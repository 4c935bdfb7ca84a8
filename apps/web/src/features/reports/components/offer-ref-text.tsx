import { Typography } from '@mui/material'

/** An offer's headline in a report cell, or a muted 'None' when nothing was bought. */
export function OfferRefText({ offer, untitled = 'Untitled' }: { offer: { headline: string | null } | null; untitled?: string }) {
  if (!offer)
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        None
      </Typography>
    )
  return <>{offer.headline ?? untitled}</>
}
