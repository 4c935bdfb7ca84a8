import { InputAdornment, TextField } from '@mui/material'
import { CopyButton } from '../../../components/copy-button'

/**
 * The secret that signs every CRM webhook (decision D9, as Standard Webhooks since issue 23), so the
 * seller's CRM can check that a request really comes from us. Read-only: the server generates it.
 */
export function WebhookSecret({ secret }: { secret: string }) {
  return (
    <TextField
      label="Signing Secret"
      value={secret}
      fullWidth
      helperText="Webhooks follow Standard Webhooks: verify them with this secret and any Standard Webhooks library (webhook-id, webhook-timestamp and webhook-signature headers). The X-Signature header (sha256= and the HMAC-SHA256 of the body) is still sent."
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', textOverflow: 'ellipsis' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <CopyButton text={secret} label="Copy signing secret" copiedMessage="Signing secret copied." edge="end" />
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
