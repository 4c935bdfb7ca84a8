import { type DomainSettings, domainSettingsPatchSchema, settingsToasts } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, MenuItem, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useReportUnsaved } from '../../../lib/unsaved-forms'
import { useFreeOfferChoices } from '../../offers'
import { useUpdateDomainSettings } from '../api/update-domain-settings'
import { DnsInstruction } from './dns-instruction'
import { DomainProof } from './domain-proof'

type DomainFormInput = z.input<typeof domainSettingsPatchSchema>
type DomainFormOutput = z.output<typeof domainSettingsPatchSchema>

/** The custom domain (spec section 5: a valid URL; stored as its bare host name, empty clears it). */
export function DomainForm({ userId, settings }: { userId: string; settings: DomainSettings }) {
  const update = useUpdateDomainSettings(userId)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, reset, resetField, formState } = useForm<DomainFormInput, unknown, DomainFormOutput>({
    resolver: zodResolver(domainSettingsPatchSchema),
    mode: 'all',
    defaultValues: { domain: settings.domain ?? '', default_offer_id: settings.default_offer_id ?? '' },
  })
  useReportUnsaved(formState.isDirty)
  const offers = useFreeOfferChoices()
  const typedDomain = useWatch({ control, name: 'domain' }) ?? ''

  // Emptying the field removes a stored domain and its proof: asked first (issue 15).
  const [removal, setRemoval] = useState<DomainFormOutput | null>(null)

  const save = async (values: DomainFormOutput) => {
    setRemoval(null)
    setFormError(null)
    let saved: DomainSettings
    try {
      saved = await update.mutateAsync(values)
    } catch (error) {
      // e.g. "This domain is already used by another account." lands on the field itself.
      setFormError(applyServerErrors(error, setError, ['domain', 'default_offer_id']))
      return
    }
    // Shows the stored (normalised) form of what was typed.
    reset({ domain: saved.domain ?? '', default_offer_id: saved.default_offer_id ?? '' })
    toast(settingsToasts.domain, 'success')
  }

  // Not removing it: the field shows the stored domain again and stops counting as an unsaved change (issue 15);
  // other edits (the home page offer) stay as typed.
  const keepDomain = () => {
    setRemoval(null)
    resetField('domain')
  }

  const onSubmit = handleSubmit(async (values) => {
    if (!values.domain && settings.domain) setRemoval(values)
    else await save(values)
  })

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={control}
        name="domain"
        label="Domain"
        placeholder="shop.example.com"
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        helperText="A host name such as shop.example.com or a URL such as https://shop.example.com. Leave it empty to remove the domain."
      />
      <DnsInstruction typedDomain={typedDomain} dnsIp={settings.dns_ip} />
      <FormTextField
        control={control}
        name="default_offer_id"
        label="Home page offer"
        select
        fullWidth
        helperText="What visitors see at the address of your verified domain itself (without a path)."
      >
        <MenuItem value="">None (page not found)</MenuItem>
        {(offers.data ?? []).map((offer) => (
          <MenuItem key={offer.id} value={offer.id}>
            {offer.headline}
          </MenuItem>
        ))}
      </FormTextField>
      <DomainProof userId={userId} settings={settings} />
      <FormActions>
        <Button type="submit" variant="contained" loading={formState.isSubmitting || update.isPending}>
          Save
        </Button>
      </FormActions>
      <ConfirmDialog
        open={removal !== null}
        title={`Remove ${settings.domain ?? 'the domain'}?`}
        text="Your offer pages stop being served there at once. To add it back you will have to prove it again with a new TXT record."
        confirmLabel="Remove"
        onConfirm={() => void (removal && save(removal))}
        onCancel={keepDomain}
      />
    </Stack>
  )
}
