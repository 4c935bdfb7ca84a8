import { publicPaths } from '../../../config/public-paths'

export const paidVisitTexts = {
  title: 'You have already paid for this order',
  receipt: 'See your order',
  again: 'Start a new order',
} as const

/** Shown instead of the form when this tab has just paid for this offer (docs/decisions/0030). */
export function PaidVisitNotice({ orderReference, onStartAgain }: { orderReference: string; onStartAgain: () => void }) {
  return (
    <section className="fy-stack fy-center" aria-labelledby="fy-paid-title" data-testid="paid-visit-notice">
      <h2 id="fy-paid-title">{paidVisitTexts.title}</h2>
      <a className="fy-button" href={publicPaths.thankYouPurchase.href('oto-offer', orderReference)}>
        {paidVisitTexts.receipt}
      </a>
      <button type="button" className="fy-link" onClick={onStartAgain}>
        {paidVisitTexts.again}
      </button>
    </section>
  )
}
