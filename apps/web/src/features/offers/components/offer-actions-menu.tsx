import { messages, type OfferInUse } from '@funnelry/shared'
import MoreVert from '@mui/icons-material/MoreVert'
import { IconButton, Menu, MenuItem } from '@mui/material'
import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { detailMessage } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { checkOfferDeletable, type OfferLifecycleAction, offerInUse, useOfferLifecycle } from '../api/offer-lifecycle'
import { type OfferKind, offerListTexts } from '../lib/offer-texts'
import { OfferInUseDialog } from './offer-in-use-dialog'

type OfferActionsMenuProps = {
  kind: OfferKind
  offer: { id: string; headline: string | null; archived_at: string | null }
}

type Refused = { action: 'archive' | 'delete'; refusal: OfferInUse }

/**
 * The card's "⋮" menu (issue 15): Duplicate, Archive (Restore on an archived offer) and Delete,
 * kept out of the action row so a card stays clean on a phone. Delete asks the API whether it
 * can go, then the seller to confirm; a refusal (409) opens a dialog that says why and what to
 * do, never a raw error, and never after a confirm it made pointless.
 */
export function OfferActionsMenu({ kind, offer }: OfferActionsMenuProps) {
  const menuId = useId()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [refused, setRefused] = useState<Refused | null>(null)
  const lifecycle = useOfferLifecycle(kind)
  const [checking, setChecking] = useState(false)
  const archived = offer.archived_at !== null

  const run = (action: OfferLifecycleAction) => {
    setAnchor(null)
    lifecycle.mutate(
      { action, id: offer.id },
      {
        onError: (error) => {
          const refusal = offerInUse(error)
          if (refusal && (action === 'archive' || action === 'delete')) setRefused({ action, refusal })
          else toast(detailMessage(error) ?? messages.somethingWentWrong, 'error')
        },
      },
    )
  }

  /** Asks the API first: a refused delete shows why at once; otherwise the seller confirms. */
  const askDelete = () => {
    setAnchor(null)
    setChecking(true)
    checkOfferDeletable(kind, offer.id)
      .then(() => setConfirming(true))
      .catch((error: unknown) => {
        const refusal = offerInUse(error)
        if (refusal) setRefused({ action: 'delete', refusal })
        // Not known (e.g. offline): the confirm, then the delete itself, say what happens.
        else setConfirming(true)
      })
      .finally(() => setChecking(false))
  }

  return (
    <>
      <IconButton
        aria-label={offerListTexts.moreActions(offer.headline)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={lifecycle.isPending || checking}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ width: 44, height: 44 }}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('duplicate')} sx={{ minHeight: 44 }}>
          Duplicate
        </MenuItem>
        <MenuItem onClick={() => run(archived ? 'restore' : 'archive')} sx={{ minHeight: 44 }}>
          {archived ? 'Restore' : 'Archive'}
        </MenuItem>
        <MenuItem onClick={askDelete} sx={{ minHeight: 44, color: 'error.main' }}>
          Delete
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={offerListTexts.deleteTitle(offer.headline)}
        text={offerListTexts.deleteText}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          run('delete')
        }}
      />
      <OfferInUseDialog
        kind={kind}
        headline={offer.headline}
        action={refused?.action ?? 'delete'}
        refusal={refused?.refusal ?? null}
        onClose={() => setRefused(null)}
        onArchive={
          archived
            ? undefined
            : () => {
                setRefused(null)
                run('archive')
              }
        }
      />
    </>
  )
}
