import { useEffect, useRef } from 'react'

export const localChallengeTexts = {
  title: 'Confirm this payment',
  text: 'Test mode — your bank would ask you to confirm this payment here.',
  complete: 'Complete',
  fail: 'Fail',
} as const

type LocalChallengeProps = { onAnswer: (outcome: 'complete' | 'fail') => void; busy: boolean }

/** The local test provider's challenge page (decision D34), in the page as Stripe's 3-D Secure frame is. */
export function LocalChallenge({ onAnswer, busy }: LocalChallengeProps) {
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => title.current?.focus(), [])
  return (
    <section aria-label={localChallengeTexts.title} className="fy-card fy-stack-sm">
      <h2 ref={title} tabIndex={-1} className="fy-section-title">
        {localChallengeTexts.title}
      </h2>
      <p className="fy-note">{localChallengeTexts.text}</p>
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
