import { Button, Stack, Typography } from '@mui/material'
import { SettingsSection } from '../../../components/settings-section'
import { useLogOutEverywhere } from '../api/log-out-everywhere'
import { ChangePasswordForm } from '../components/change-password-form'
import { TwoFactorSection } from '../components/two-factor-section'

/** Account (issue 25): the password, the log-ins, and two-factor log-in. */
export default function AccountPage() {
  const logOutEverywhere = useLogOutEverywhere()
  return (
    <Stack spacing={{ xs: 2, sm: 3 }} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h2" component="h1">
        Account
      </Typography>
      <SettingsSection title="Password" description="Changing it ends your log-ins on other devices; this one stays.">
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection title="Two-factor log-in" description="A code from an authenticator app on your phone, asked after the password.">
        <TwoFactorSection />
      </SettingsSection>
      <SettingsSection
        title="Log out everywhere"
        description="Ends every log-in of your account, on every device and browser, this one included."
      >
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          loading={logOutEverywhere.isPending}
          onClick={() => logOutEverywhere.mutate()}
        >
          Log out everywhere
        </Button>
      </SettingsSection>
    </Stack>
  )
}
