import { messages } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Tooltip from '@mui/material/Tooltip'

type CallToActionProps = {
  label: string
  type: 'button' | 'submit'
  onClick?: () => void
  /** The offer is inactive: disabled, with the spec's tooltip. */
  unavailable: boolean
  disabled?: boolean
  loading?: boolean
}

/** The page's one big button: the offer's opt-in text, later 'Pay $X'. */
export function CallToAction({ label, type, onClick, unavailable, disabled = false, loading = false }: CallToActionProps) {
  const button = (
    <Button
      type={type}
      onClick={onClick}
      variant="contained"
      size="large"
      fullWidth
      disabled={unavailable || disabled}
      loading={loading}
      sx={{ py: 1.75, fontSize: 20, fontWeight: 700, borderRadius: 3, boxShadow: 4, lineHeight: 1.3 }}
    >
      {label}
    </Button>
  )
  if (!unavailable) return button
  // A disabled button fires no events and takes no focus, so the tooltip listens on a wrapper that
  // a keyboard can reach too (the tooltip names it for screen readers).
  return (
    <Tooltip title={messages.offerNotAvailable}>
      <Box component="span" tabIndex={0} sx={{ display: 'block', cursor: 'not-allowed' }}>
        {button}
      </Box>
    </Tooltip>
  )
}
