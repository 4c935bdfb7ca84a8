import { type OfferInUse, offerKindNames } from '@funnelry/shared'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, List, ListItem } from '@mui/material'
import { useId } from 'react'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { type OfferKind, offerListTexts } from '../lib/offer-texts'

type OfferInUseDialogProps = {
  kind: OfferKind
  headline: string | null
  /** What was refused. */
  action: 'archive' | 'delete'
  /** The API's 409 body; null keeps the dialog closed. */
  refusal: OfferInUse | null
  onClose: () => void
  /** Offered when nothing uses the offer but it has sales: archiving keeps them (docs/decisions/0021). Absent for an archived offer. */
  onArchive?: () => void
}

/**
 * Why a delete or archive was refused, in words the seller can act on: the free offers that use
 * the add-on, each a link to its form where it can be detached, or (an offer with leads or
 * orders) the API's advice to archive it, with the button that does so.
 */
export function OfferInUseDialog({ kind, headline, action, refusal, onClose, onArchive }: OfferInUseDialogProps) {
  const titleId = useId()
  const textId = useId()
  const usedBy = refusal?.used_by ?? []
  const archiveInstead = action === 'delete' && usedBy.length === 0 ? onArchive : undefined
  return (
    <Dialog open={refusal !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{offerListTexts.blockedTitle(action, headline)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {usedBy.length > 0 ? offerListTexts.usedBy(offerKindNames[kind], action) : refusal?.detail}
        </DialogContentText>
        {usedBy.length > 0 && (
          <List aria-label="Free offers using it">
            {usedBy.map((offer) => (
              <ListItem key={offer.id} disableGutters>
                <Link component={RouterLink} to={paths.dashboard.editFreeOffer.href(offer.id)} sx={{ py: 1 }}>
                  {offer.headline}
                </Link>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
        {archiveInstead && (
          <Button onClick={archiveInstead} variant="contained">
            Archive instead
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
