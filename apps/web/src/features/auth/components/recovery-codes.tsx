import DownloadOutlined from '@mui/icons-material/DownloadOutlined'
import { Alert, Box, Button, Stack } from '@mui/material'
import { CopyButton } from '../../../components/copy-button'
import { useFocusOnMount } from '../../../lib/use-focus-on-mount'

/** Decision D33: the 10 one-use recovery codes, shown once, to copy or download before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  // The button that turned two-factor on is gone: the warning to save the codes takes focus.
  const warning = useFocusOnMount<HTMLDivElement>()
  const text = `Funnelry recovery codes (each works once):\n${codes.join('\n')}\n`
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'funnelry-recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <Stack spacing={2}>
      <Alert ref={warning} tabIndex={-1} severity="warning">
        Save these recovery codes somewhere safe now: they are shown only once. Each one logs you in once if you lose your phone.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 3, maxWidth: 360 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CopyButton text={text} label="Copy recovery codes" copiedMessage="Recovery codes copied." />
        <Button startIcon={<DownloadOutlined />} onClick={download}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  )
}
