import { Alert, Button } from '@mui/material'

/** A screen or section whose data could not be read: what failed, and a way to try again. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  )
}
