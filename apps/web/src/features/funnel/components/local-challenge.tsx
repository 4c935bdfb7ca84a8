import type { LocalChallengeDetails } from '@funnelry/shared/funnel/post-purchase-schemas'
import { useEffect, useRef, useState } from 'react'
import { getLocalChallenge } from '../api/post-purchase'

export const localChallengeTexts = {
  title: 'Confirm this payment',
  text: 'Test mode — your bank would ask you to confirm this payment here.',
  complete: 'Complete',
  fail: 'Fail',
  charge: (details: LocalChallengeDetails) => `${details.merchant} is charging ${details.amount} ${details.currency}.`,
} as const

type LocalChallengeProps = { clientSecret: string; onAnswer: (outcome: 'complete' | 'fail') => void; busy: boolean }

/** The local test provider's challenge page (decision D34), in the page as Stripe's 3-D Secure frame is. */
export function LocalChallenge({ clientSecret, onAnswer, busy }: LocalChallengeProps) {
  const title = useRef<HTMLHeadingElement>(null)
  const [details, setDetails] = useState<LocalChallengeDetails | null>(null)
  useEffect(() => title.current?.focus(), [])
  // As a bank's page does: who charges and how much, from the stored charge (the server's figures).
  useEffect(() => {
    const aborted = new AbortController()
    getLocalChallenge(clientSecret, aborted.signal).then(setDetails, () => undefined)
    return () => aborted.abort()
  }, [clientSecret])
  return (
    <section aria-label={localChallengeTexts.title} className="fy-card fy-stack-sm">
      <h2 ref={title} tabIndex={-1} className="fy-section-title">
        {localChallengeTexts.title}
      </h2>
      <p className="fy-note">{localChallengeTexts.text}</p>
      {details && <p data-fy-challenge="amount">{localChallengeTexts.charge(details)}</p>}
      <button type="button" className="fy-button fy-button-success" onClick={() => onAnswer('complete')} disabled={busy}>
        {localChallengeTexts.complete}
      </button>
      <div className="fy-center">
        <button type="button" className="fy-link" onClick={() => onAnswer('fail')} disabled={busy}>
          {localChallengeTexts.fail}
        </button>
      </div>
    </section>
  )
}
