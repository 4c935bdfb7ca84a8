import { type FreeOffer, messages } from '@funnelry/shared'
import { FormControlLabel, Switch } from '@mui/material'
import { detailMessage, fieldErrors } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useUpdateFreeOfferActivation } from '../api/update-free-offer-activation'
import { activationToast } from '../lib/offer-texts'

/**
 * The free offer card's activate/deactivate switch (spec section 4). It shows what the server
 * answered, not what was clicked: the card updates from the response, and stays as it was on failure.
 */
export function ActivationSwitch({ offer }: { offer: FreeOffer }) {
  const activation = useUpdateFreeOfferActivation()
  const toggle = (isActive: boolean) =>
    activation.mutate(
      { id: offer.id, isActive },
      {
        onSuccess: (updated) => toast(activationToast(updated.is_active), 'success'),
        onError: (error) => toast(fieldErrors(error).is_active ?? detailMessage(error) ?? messages.somethingWentWrong, 'error'),
      },
    )
  return (
    <FormControlLabel
      label="Active"
      labelPlacement="start"
      sx={{ ml: 'auto', mr: 0 }}
      control={<Switch checked={offer.is_active} disabled={activation.isPending} onChange={(event) => toggle(event.target.checked)} />}
    />
  )
}
