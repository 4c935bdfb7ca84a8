import { Alert } from '@mui/material'
import { useGettingStarted } from '../../../lib/getting-started'

export const emailsStoredText =
  'Emails are stored, not sent: this server has no SMTP_URL set, so visitors and you get no email. Visitors still get their downloads on the thank-you page.'

/**
 * Decision D25: on every dashboard page while the operator has set no SMTP_URL, so a seller never
 * runs a campaign believing their visitors get emails. Says nothing while loading or on failure.
 */
export function EmailsStoredBanner() {
  const { data } = useGettingStarted()
  if (data?.email_delivery !== 'stored') return null
  return (
    // A standing notice, not an emergency: role status, so screen readers do not interrupt on every page.
    <Alert severity="warning" role="status" sx={{ mb: { xs: 2, sm: 3 } }}>
      {emailsStoredText}
    </Alert>
  )
}
