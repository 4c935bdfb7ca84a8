import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material'
import type { FormEventHandler, ReactNode } from 'react'
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog'
import type { UnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard'

type OfferFormLayoutProps = {
  title: string
  onSubmit: FormEventHandler<HTMLFormElement>
  onCancel: () => void
  saving: boolean
  /** A message the fields cannot show (non-field errors, an unreachable server). */
  formError: string | null
  /** Asks before leaving with unsaved changes (issue 15). */
  guard: UnsavedChangesGuard
  /** Buttons before Cancel and Save, e.g. the free offer's Preview. */
  extraActions?: ReactNode
  /** Beside the title, for what a seller does with the saved offer (e.g. its split test), seen before the long form. */
  headerActions?: ReactNode
  /** Said under the title before any field, e.g. that a split test runs on the page. */
  notice?: ReactNode
  /** Panels, as `FormPanel`s; two of them sit side by side on wide screens. */
  children: ReactNode
  columns?: 1 | 2
}

/** The frame of the six offer forms: title, error alert, panels, Cancel / Save (with a spinner while saving), and the leave question. */
export function OfferFormLayout({
  title,
  onSubmit,
  onCancel,
  saving,
  formError,
  guard,
  extraActions,
  headerActions,
  notice,
  children,
  columns = 1,
}: OfferFormLayoutProps) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3} sx={{ maxWidth: columns === 2 ? 1200 : 840 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 24, sm: 28 } }}>
          {title}
        </Typography>
        {headerActions}
      </Stack>
      {notice}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: columns === 2 ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)' },
        }}
      >
        {children}
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 2 }}>
        {extraActions}
        <Button variant="outlined" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          Save
        </Button>
      </Stack>
      <UnsavedChangesDialog guard={guard} text="Your changes to this offer will be lost." />
    </Stack>
  )
}

/** One titled panel of an offer form. */
export function FormPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: 20, mb: 2.5 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  )
}
