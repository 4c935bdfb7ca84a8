import { Alert, AlertTitle, Link } from '@mui/material'
import { useEffect, useId, useRef } from 'react'

/** Where the running test's results sit on the split test page. */
export const runningTestAnchor = 'running-test'

/**
 * Issue 27: this tab's "Start the test" was refused because a test was started meanwhile (another
 * tab, another person). The form keeps the variants as typed; this says why they did not start and
 * leads to the test that runs.
 */
export function SplitAlreadyRunning({ message }: { message: string }) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  // The seller clicked "Start the test" at the foot of a long form: the notice at its top would be
  // out of sight. Optional call: jsdom has no scrollIntoView.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'start' }), [])
  return (
    <Alert ref={ref} severity="warning" aria-labelledby={titleId} sx={{ scrollMarginTop: 88 }}>
      <AlertTitle id={titleId}>Your variants were not started</AlertTitle>
      {message} Your variants stay below as you typed them.{' '}
      <Link href={`#${runningTestAnchor}`} color="inherit">
        Go to the running test
      </Link>
    </Alert>
  )
}
