import { InputAdornment, TextField } from '@mui/material'
import { CopyButton } from '../../../components/copy-button'

/**
 * The secret that signs every CRM webhook (decision D9), so the seller's CRM can check that a
 * request really comes from us. Read-only: the server generates it.
 */
export function WebhookSecret({ secret }: { secret: string }) {
  return (
    <TextField
      label="Signing Secret"
      value={secret}
      fullWidth
      helperText="Each webhook request carries an X-Signature header: sha256= followed by the HMAC-SHA256 of the exact request body, signed with this secret."
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
