import { maxAfterPurchaseSteps, postPurchaseMessages } from '@funnelry/shared/funnel/post-purchase-messages'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { type Control, useFieldArray, useFormState, useWatch } from 'react-hook-form'
import { usePaidAddOnDropdown } from '../api/get-paid-add-on-dropdown'
import type { FreeOfferFormValues } from '../lib/free-offer-form-values'
import { FormPanel } from './offer-form-layout'
import { OfferSelectField } from './offer-select-field'

export const afterPurchaseTexts = {
  /** D34: the steps follow a payment; a free offer with nothing to pay has none. */
  needsPayment:
    'Buyers see these steps only after paying: attach a BUMP or OTO offer above. Someone who takes only the free download goes straight to the thank-you page.',
  atMost: `Up to ${maxAfterPurchaseSteps} steps.`,
} as const

type AfterPurchasePanelProps = {
  control: Control<FreeOfferFormValues>
  disabled: boolean
  onAddNew: () => void
}

/**
 * Decision D34: up to 3 one-click steps after the payment, each an OTO offer with an optional
 * downsell shown when it is declined, and a preview of the sequence the buyer goes through.
 */
export function AfterPurchasePanel({ control, disabled, onAddNew }: AfterPurchasePanelProps) {
  const upsells = usePaidAddOnDropdown('upsell')
  const { fields, append, remove } = useFieldArray({ control, name: 'after_purchase' })
  const steps = useWatch({ control, name: 'after_purchase' }) ?? []
  const { errors } = useFormState({ control, name: 'after_purchase' })
  const serverError = errors.after_purchase?.message ?? errors.after_purchase?.root?.message
  const nameOf = (id: string) => upsells.data?.find((item) => item.id === id)?.headline ?? 'Untitled offer'
  const chosen = steps.filter((step) => step.upsell_offer_id !== '')
  // Said as soon as it is chosen (the server refuses it too): a buyer could pay twice for one offer.
  const upsellBeforePayment = useWatch({ control, name: 'upsell_offer_id' })
  const offered = steps.flatMap((step) => [step.upsell_offer_id, step.downsell_offer_id]).filter((id) => id !== '')
  const repeated = new Set(offered).size < offered.length || (upsellBeforePayment !== '' && offered.includes(upsellBeforePayment))
  const bumpBeforePayment = useWatch({ control, name: 'bump_offer_id' })
  const nothingToPay = bumpBeforePayment === '' && upsellBeforePayment === ''

  return (
    <FormPanel title="After purchase">
      <Typography variant="body2" color="text.secondary">
        After paying, the buyer sees these offers one by one and adds each with one click, charged to the card they just used.
      </Typography>
      {fields.map((field, index) => (
        <Stack key={field.id} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography component="legend" variant="subtitle2">{`Step ${index + 1}`}</Typography>
            <Button size="small" color="inherit" onClick={() => remove(index)} disabled={disabled} aria-label={`Remove step ${index + 1}`}>
              Remove
            </Button>
          </Stack>
          <OfferSelectField
            control={control}
            name={`after_purchase.${index}.upsell_offer_id`}
            label={`Step ${index + 1} OTO Offer`}
            disabled={disabled}
            items={upsells.data}
            loading={upsells.isFetching}
            failed={upsells.isError}
            onAddNew={onAddNew}
          />
          <OfferSelectField
            control={control}
            name={`after_purchase.${index}.downsell_offer_id`}
            label={`Step ${index + 1} downsell (if declined)`}
            disabled={disabled}
            items={upsells.data}
            loading={upsells.isFetching}
            failed={upsells.isError}
            onAddNew={onAddNew}
          />
        </Stack>
      ))}
      {repeated && serverError !== postPurchaseMessages.repeatedStepOffer && (
        <Alert severity="warning">{postPurchaseMessages.repeatedStepOffer}</Alert>
      )}
      {chosen.length > 0 && nothingToPay && <Alert severity="info">{afterPurchaseTexts.needsPayment}</Alert>}
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          onClick={() => append({ upsell_offer_id: '', downsell_offer_id: '' })}
          disabled={disabled || fields.length >= maxAfterPurchaseSteps}
          aria-describedby="after-purchase-limit"
        >
          Add a step
        </Button>
        <Typography id="after-purchase-limit" variant="body2" color="text.secondary">
          {afterPurchaseTexts.atMost}
        </Typography>
      </Stack>
      {chosen.length > 0 && (
        <Box component="section" aria-label="Sequence preview">
          <Typography variant="subtitle2">Preview of the sequence</Typography>
          <Box component="ol" sx={{ pl: 3, my: 1 }}>
            <li>Payment</li>
            {chosen.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position (an offer repeated by mistake is shown twice)
              <li key={index}>
                {nameOf(step.upsell_offer_id)}
                {step.downsell_offer_id ? ` — if declined: ${nameOf(step.downsell_offer_id)}` : ''}
              </li>
            ))}
            <li>Thank-you page, listing every charge</li>
          </Box>
        </Box>
      )}
    </FormPanel>
  )
}
