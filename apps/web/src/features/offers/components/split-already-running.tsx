import { Alert, AlertTitle, Link } from '@mui/material'
import { useId } from 'react'

/** Where the running test's results sit on the split test page. */
export const runningTestAnchor = 'running-test'

/**
 * Issue 27: this tab's "Start the test" was refused because a test was started meanwhile (another
 * tab, another person). The form keeps the variants as typed; this says why they did not start and
 * leads to the test that runs.
 */
export function SplitAlreadyRunning({ message }: { message: string }) {
  const titleId = useId()
  return (
    <Alert severity="warning" aria-labelledby={titleId}>
      <AlertTitle id={titleId}>Your variants were not started</AlertTitle>
      {message} Your variants stay below as you typed them.{' '}
      <Link href={`#${runningTestAnchor}`} color="inherit">
        Go to the running test
      </Link>
    </Alert>
  )
}
