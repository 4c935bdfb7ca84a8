import { Paper, Stack, Typography } from '@mui/material'
import { type ReactNode, useId } from 'react'

type SettingsSectionProps = { title: string; description?: ReactNode; children: ReactNode }

/**
 * One card of the Settings screen, shared by the features whose cards sit there (settings, webhooks);
 * a labelled region so each section can be found by its title.
 */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId()
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <Stack spacing={0.5}>
          <Typography variant="h4" component="h2" id={headingId}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  )
}
