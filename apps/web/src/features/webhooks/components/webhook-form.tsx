import { reportMessages, type StoreSettings, settingsToasts, webhookSettingsSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useReportUnsaved } from '../../../lib/unsaved-forms'
import { SendTestButton } from './send-test-button'
import { WebhookSecret } from './webhook-secret'

type WebhookFormInput = z.input<typeof webhookSettingsSchema>
type WebhookFormOutput = z.output<typeof webhookSettingsSchema>

/** Saves only the webhook's fields (the company links keep whatever is stored) and answers the saved settings. */
export type SaveWebhook = (values: WebhookFormOutput) => Promise<StoreSettings>

/** The server keys nested field errors with dots, as react-hook-form names the fields. */
const formFields = ['webhook_url', 'webhook_keys.email', 'webhook_keys.full_name']

const valuesOf = (settings: StoreSettings): WebhookFormInput => ({
  webhook_url: settings.webhook_url ?? '',
  webhook_keys: { email: settings.webhook_keys.email ?? '', full_name: settings.webhook_keys.full_name ?? '' },
})

const keyInput = { htmlInput: { autoCapitalize: 'none', spellCheck: false } } as const

/** The CRM webhook: where each lead is sent and the names of its two keys (spec section 5). */
export function WebhookForm({ settings, save }: { settings: StoreSettings; save: SaveWebhook }) {
  const [formError, setFormError] = useState<string | null>(null)
  const testHintId = useId()
  const { control, handleSubmit, setError, reset, formState } = useForm<WebhookFormInput, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookSettingsSchema),
    mode: 'all',
    defaultValues: valuesOf(settings),
  })
  useReportUnsaved(formState.isDirty)

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    let saved: StoreSettings
    try {
      saved = await save(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    reset(valuesOf(saved))
    toast(settingsToasts.webhook, 'success')
  })

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={control}
        name="webhook_url"
        label="Webhook URL"
        type="url"
        placeholder="https://"
        fullWidth
        slotProps={keyInput}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField control={control} name="webhook_keys.email" label="Email Key" placeholder="email" fullWidth slotProps={keyInput} />
        <FormTextField
          control={control}
          name="webhook_keys.full_name"
          label="Full Name Key"
          placeholder="full_name"
          fullWidth
          slotProps={keyInput}
        />
      </Box>
      <WebhookSecret secret={settings.webhook_secret} />
      <FormActions>
        <SendTestButton disabled={!settings.webhook_url} describedBy={testHintId} />
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Save
        </Button>
      </FormActions>
      <Typography id={testHintId} variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
        {settings.webhook_url ? 'Send test posts a sample lead (Jane Doe) to the saved URL.' : reportMessages.noWebhook}
      </Typography>
    </Stack>
  )
}
