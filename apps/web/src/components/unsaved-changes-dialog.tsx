import type { UnsavedChangesGuard } from '../lib/use-unsaved-changes-guard'
import { ConfirmDialog } from './confirm-dialog'

type UnsavedChangesDialogProps = {
  guard: UnsavedChangesGuard
  /** What is lost, e.g. 'Your changes to this offer will be lost.' */
  text: string
}

/** The question `useUnsavedChangesGuard` asks when the seller leaves a form with changes. 'Stay' is focused first. */
export function UnsavedChangesDialog({ guard, text }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={guard.asking}
      title="Leave without saving?"
      text={text}
      cancelLabel="Stay"
      confirmLabel="Leave"
      onCancel={guard.stay}
      onConfirm={guard.leave}
    />
  )
}
