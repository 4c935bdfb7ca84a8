import { type ConversionTestResult, conversionPlatformLabels } from '@funnelry/shared'
import Send from '@mui/icons-material/Send'
import { Alert, Button, Stack } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { useSendConversionTest } from '../api/send-conversion-test'

/** "Send test event": a test event to each saved platform, and each platform's answer in plain words. */
export function SendConversionTest({ disabled }: { disabled: boolean }) {
  const send = useSendConversionTest()
  const results: ConversionTestResult[] = send.data?.results ?? []
  return (
    <Stack spacing={1} sx={{ flex: 1 }}>
      <Button
        type="button"
        variant="outlined"
        startIcon={<Send />}
        disabled={disabled}
        loading={send.isPending}
        onClick={() => send.mutate()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Send test event
      </Button>
      <Stack spacing={1} aria-live="polite" aria-label="Test results">
        {send.isError && <Alert severity="error">{detailMessage(send.error) ?? 'The test event could not be sent.'}</Alert>}
        {results.map((result) => (
          <Alert key={result.platform} severity={result.ok ? 'success' : 'error'}>
            <strong>{conversionPlatformLabels[result.platform]}:</strong> {result.message}
          </Alert>
        ))}
      </Stack>
    </Stack>
  )
}
