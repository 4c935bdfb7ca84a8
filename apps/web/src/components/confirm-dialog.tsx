import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { useId } from 'react'

type ConfirmDialogProps = {
  open: boolean
  title: string
  /** What will be lost, in the seller's words. */
  text: string
  /** The destructive action's name, e.g. 'Delete'. */
  confirmLabel: string
  /** The safe choice's name; 'Cancel' unless the question calls for another, e.g. 'Stay'. */
  cancelLabel?: string
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before an action that cannot be undone (issue 15). Cancel is focused first, so Enter or
 * Escape never destroys anything by accident.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId()
  const textId = useId()
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      {/* Titles and texts carry the seller's own names (a variant, an offer), maybe one long word: they wrap inside the dialog. */}
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
