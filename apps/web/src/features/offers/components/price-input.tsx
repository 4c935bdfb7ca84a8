import { InputAdornment } from '@mui/material'

/** Slot props of a price text field: the currency's symbol before the amount, and a decimal keypad on phones. */
export function priceSlotProps(symbol: string) {
  return {
    input: { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const },
  }
}
