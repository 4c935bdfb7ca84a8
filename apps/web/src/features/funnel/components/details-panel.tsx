import type { VisitorDetails } from '@funnelry/shared'
import Collapse from '@mui/material/Collapse'
import Stack from '@mui/material/Stack'
import type { Control } from 'react-hook-form'
import { FormTextField } from '../../../components/form-text-field'

/** Spec section 9: the details panel animates over 600 ms. */
export const detailsPanelTimeout = 600

type DetailsPanelProps = { open: boolean; control: Control<VisitorDetails> }

/** Full Name and Email Address, revealed by the opt-in button. */
export function DetailsPanel({ open, control }: DetailsPanelProps) {
  return (
    <Collapse in={open} timeout={detailsPanelTimeout} unmountOnExit>
      <Stack spacing={2} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: 2 }}>
        {/* The panel mounts when the visitor presses the opt-in button: typing can start at once. */}
        <FormTextField control={control} name="full_name" label="Full Name" autoComplete="name" autoFocus fullWidth />
        <FormTextField control={control} name="email" label="Email Address" type="email" autoComplete="email" inputMode="email" fullWidth />
      </Stack>
    </Collapse>
  )
}
