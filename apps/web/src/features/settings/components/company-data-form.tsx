import { type CompanyDataInput, companyDataSchema, type StoreSettings, settingsToasts } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useReportUnsaved } from '../../../lib/unsaved-forms'
import { useUpdateStoreSettings } from '../api/update-store-settings'

type CompanyDataFormInput = z.input<typeof companyDataSchema>

const formFields = Object.keys(companyDataSchema.shape)

const valuesOf = (settings: StoreSettings): CompanyDataFormInput => ({
  privacy_policy: settings.privacy_policy ?? '',
  terms_and_conditions: settings.terms_and_conditions ?? '',
  support_link: settings.support_link ?? '',
})

const links = [
  { name: 'privacy_policy', label: 'Privacy Policy' },
  { name: 'terms_and_conditions', label: 'Terms and Conditions' },
  { name: 'support_link', label: 'Support Link' },
] as const

/** The links in the public offer pages' footer: each optional, a valid URL when given (spec section 5). */
export function CompanyDataForm({ userId, settings }: { userId: string; settings: StoreSettings }) {
  const update = useUpdateStoreSettings(userId)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, reset, formState } = useForm<CompanyDataFormInput, unknown, CompanyDataInput>({
    resolver: zodResolver(companyDataSchema),
    mode: 'all',
    defaultValues: valuesOf(settings),
  })
  useReportUnsaved(formState.isDirty)

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    let saved: StoreSettings
    try {
      // Only this form's fields (empty ones as null, "not set"): the webhook keeps whatever is stored.
      saved = await update.mutateAsync(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    reset(valuesOf(saved))
    toast(settingsToasts.companyData, 'success')
  })

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      {links.map((link) => (
        <FormTextField
          key={link.name}
          control={control}
          name={link.name}
          label={link.label}
          type="url"
          placeholder="https://"
          fullWidth
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
      ))}
      <FormActions>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Save
        </Button>
      </FormActions>
    </Stack>
  )
}
