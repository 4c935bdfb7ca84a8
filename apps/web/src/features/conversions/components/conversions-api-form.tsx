import {
  type ConversionSettings,
  type ConversionSettingsInput,
  type ConversionSettingsValues,
  conversionMessages,
  conversionSettingsInputSchema,
} from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useReportUnsaved } from '../../../lib/unsaved-forms'
import { useSendConversionTest } from '../api/send-conversion-test'
import { useUpdateConversionSettings } from '../api/update-conversion-settings'
import { ConversionTestResults, SendConversionTestButton } from './send-conversion-test'

/** What the form holds: the settings as typed (empty fields mean none), validated by the shared schema. */
type FormValues = ConversionSettingsInput

const formFields = ['meta.pixel_id', 'meta.access_token', 'meta.test_event_code', 'google.measurement_id', 'google.api_secret']

const valuesOf = (settings: ConversionSettings): FormValues => ({
  meta: { pixel_id: settings.meta.pixel_id ?? '', access_token: '', test_event_code: settings.meta.test_event_code ?? '' },
  google: { measurement_id: settings.google.measurement_id ?? '', api_secret: '' },
  consent_required: settings.consent_required,
})

/**
 * A secret field left empty keeps the saved secret (it is never shown); clearing the ID it belongs
 * to removes it too.
 */
const secret = (typed: string | null | undefined, id: string | null) => (id === null ? null : typed ? typed : undefined)
const toInput = (values: ConversionSettingsValues): ConversionSettingsInput => ({
  meta: { ...values.meta, access_token: secret(values.meta.access_token, values.meta.pixel_id) },
  google: { ...values.google, api_secret: secret(values.google.api_secret, values.google.measurement_id) },
  consent_required: values.consent_required,
})

const idInput = { htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } } as const
const savedSecret = 'Saved. Leave empty to keep it; type a new one to replace it.'

/** Settings → Conversions API (D30, D31): the two platforms' IDs and secrets, and the consent switch. */
export function ConversionsApiForm({ settings }: { settings: ConversionSettings }) {
  const [formError, setFormError] = useState<string | null>(null)
  const update = useUpdateConversionSettings()
  const sendTest = useSendConversionTest()
  const { control, handleSubmit, setError, reset, formState } = useForm<FormValues, unknown, ConversionSettingsValues>({
    resolver: zodResolver(conversionSettingsInputSchema),
    mode: 'all',
    defaultValues: valuesOf(settings),
  })
  useReportUnsaved(formState.isDirty)

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      reset(valuesOf(await update.mutateAsync(toInput(values))))
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    toast(conversionMessages.saved, 'success')
  })
  const configured =
    (settings.meta.pixel_id && settings.meta.has_access_token) || (settings.google.measurement_id && settings.google.has_api_secret)

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <Typography variant="h6" component="h3">
        Meta Conversions API
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField control={control} name="meta.pixel_id" label="Meta Pixel ID" inputMode="numeric" fullWidth slotProps={idInput} />
        <FormTextField
          control={control}
          name="meta.access_token"
          label="Access Token"
          type="password"
          fullWidth
          slotProps={idInput}
          helperText={settings.meta.has_access_token ? savedSecret : 'Events Manager → Settings → Conversions API → Generate access token.'}
        />
        <FormTextField
          control={control}
          name="meta.test_event_code"
          label="Test Event Code (optional)"
          fullWidth
          slotProps={idInput}
          helperText="Events then show under Test events in Events Manager; remove it once you have checked."
        />
      </Box>
      <Typography variant="h6" component="h3">
        Google Analytics 4 Measurement Protocol
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField
          control={control}
          name="google.measurement_id"
          label="Measurement ID"
          placeholder="G-"
          fullWidth
          slotProps={idInput}
        />
        <FormTextField
          control={control}
          name="google.api_secret"
          label="API Secret"
          type="password"
          fullWidth
          slotProps={idInput}
          helperText={
            settings.google.has_api_secret ? savedSecret : 'Admin → Data streams → your stream → Measurement Protocol API secrets.'
          }
        />
      </Box>
      <Controller
        control={control}
        name="consent_required"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
            label="Ask visitors for consent before tracking"
          />
        )}
      />
      <Typography variant="body2" color="text.secondary">
        With consent on, visitors see a banner; until they accept, no pixel loads and no server event is sent with their details.
      </Typography>
      <FormActions>
        <SendConversionTestButton send={sendTest} disabled={!configured} />
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Save
        </Button>
      </FormActions>
      <ConversionTestResults send={sendTest} />
      {!configured && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
          {conversionMessages.nothingConfigured}
        </Typography>
      )}
    </Stack>
  )
}
