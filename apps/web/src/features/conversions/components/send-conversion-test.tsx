import { type ConversionTestResult, conversionPlatformLabels } from '@funnelry/shared'
import Send from '@mui/icons-material/Send'
import { Alert, Button, Stack } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import type { useSendConversionTest } from '../api/send-conversion-test'

type SendTest = ReturnType<typeof useSendConversionTest>

/** "Send test event": a test event to each saved platform. It sits among the form's buttons. */
export function SendConversionTestButton({ send, disabled }: { send: SendTest; disabled: boolean }) {
  return (
    <Button
      type="button"
      variant="outlined"
      startIcon={<Send />}
      disabled={disabled}
      loading={send.isPending}
      onClick={() => send.mutate()}
    >
      Send test event
    </Button>
  )
}

/**
 * Each platform's answer to the test, in plain words. Under the buttons, at the card's full width:
 * beside them, on a phone, the answers were squeezed into half the width and stretched the Save button.
 */
export function ConversionTestResults({ send }: { send: SendTest }) {
  const results: ConversionTestResult[] = send.data?.results ?? []
  return (
    // A named live region needs a role: aria-label is not allowed on a plain div (axe aria-prohibited-attr).
    <Stack spacing={1} role="status" aria-label="Test results">
      {send.isError && <Alert severity="error">{detailMessage(send.error) ?? 'The test event could not be sent.'}</Alert>}
      {results.map((result) => (
        <Alert key={result.platform} severity={result.ok ? 'success' : 'error'}>
          <strong>{conversionPlatformLabels[result.platform]}:</strong> {result.message}
        </Alert>
      ))}
    </Stack>
  )
}
