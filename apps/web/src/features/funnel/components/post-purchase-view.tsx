import { currencySymbol } from '@funnelry/shared/currency-table'
import { postPurchaseMessages } from '@funnelry/shared/funnel/post-purchase-messages'
import type { PostPurchaseAcceptResult, PostPurchaseState } from '@funnelry/shared/funnel/post-purchase-schemas'
import { formatMoney } from '@funnelry/shared/money-format'
import { useEffect, useRef, useState } from 'react'
import { ApiError, paymentErrorMessage } from '../../../lib/api-error'
import { acceptPostPurchase, answerLocalChallenge, declinePostPurchase } from '../api/post-purchase'
import { funnelToast } from '../lib/funnel-toast'
import { offerPause, onOfferButton } from '../lib/offer-pause'
import { completeStripeAction } from '../lib/post-purchase-authentication'
import type { AnsweredPress } from '../lib/post-purchase-first-script'
import { postPurchaseTexts } from '../lib/post-purchase-texts'
import { FunnelImage } from './funnel-image'
import { LocalChallenge } from './local-challenge'
import { columnImageSizes } from './offer-hero'

export { postPurchaseTexts }

type Offer = Extract<PostPurchaseState, { done: false }>
/** One step on a page at a time; the first script writes the next step's progress into this element. */
const progressId = 'fy-pp-progress'
type Notice = { message: string; goTo: 'next' | 'thank-you' }
type Props = {
  reference: string
  state: Offer
  onNext: () => Promise<void>
  onFinish: () => void
  /**
   * Issue 26: the page's first script pressed "Yes" and the answer needs more than it does (an
   * authentication, a refusal, an error): React carries on from that answer.
   */
  answered?: AnsweredPress | null
  /** A press was answered on this page: this offer waits a moment from when it shows. */
  afterPress?: boolean
}

/**
 * Decision D34: a one-click offer after the payment. "Yes" charges the card of the first payment
 * (nothing to type); a card that asks for authentication is completed here and the server asked
 * again; a refusal says the add-on was not charged and the first order stands, and the flow goes on.
 */
export function PostPurchaseView({ reference, state, onNext, onFinish, answered = null, afterPress = false }: Props) {
  const { offer, step, kind } = state
  const price = formatMoney(currencySymbol(offer.currency), offer.product_price)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [challenge, setChallenge] = useState<string | null>(null)
  const banner = useRef<HTMLHeadingElement>(null)
  // An offer shown after a press takes none for a moment from when it shows, and from each tap on it meanwhile.
  const [settling, setSettling] = useState(afterPress)
  const [pause] = useState(() => offerPause(setSettling))
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to each new offer shown
  useEffect(() => {
    banner.current?.focus()
    if (!afterPress) return
    pause.start()
    return pause.stop
  }, [step, kind])

  const outcome = async (result: PostPurchaseAcceptResult, asked = false) => {
    if (result.status === 'succeeded') {
      funnelToast(postPurchaseTexts.added(offer.headline), 'success')
      return onNext()
    }
    if (result.status === 'requires_action' && !asked) {
      if (result.provider === 'local' && result.client_secret) return setChallenge(result.client_secret)
      await completeStripeAction(result)
      return outcome(await acceptPostPurchase(reference, { step, kind }), true)
    }
    setNotice({ message: result.message ?? postPurchaseMessages.notCharged, goTo: 'next' })
  }

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      // 410: past the window; the visitor goes on to the thank-you page.
      if (error instanceof ApiError && error.status === 410) setNotice({ message: postPurchaseMessages.expired, goTo: 'thank-you' })
      else setNotice({ message: paymentErrorMessage(error) ?? postPurchaseMessages.notCharged, goTo: 'next' })
    } finally {
      setBusy(false)
    }
  }

  const accept = () => run(async () => outcome(await acceptPostPurchase(reference, { step, kind })))
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the press the first script answered
  useEffect(() => {
    if (answered)
      void run(async () => {
        if ('error' in answered) throw answered.error
        await outcome(answered.result)
      })
  }, [])
  const decline = () =>
    run(async () => {
      await declinePostPurchase(reference, { step, kind })
      await onNext()
    })
  const answerChallenge = (answer: 'complete' | 'fail') =>
    run(async () => {
      if (challenge) await answerLocalChallenge(challenge, answer).catch(() => undefined)
      setChallenge(null)
      // The server re-checks the payment; the page's answer is never taken for it.
      await outcome(await acceptPostPurchase(reference, { step, kind }), true)
    })

  if (notice) {
    return (
      <section aria-label="Your add-on" className="fy-card fy-stack-sm">
        <div role="alert" className="fy-alert">
          {notice.message}
        </div>
        <button
          type="button"
          className="fy-button"
          disabled={busy}
          onClick={() => {
            setNotice(null)
            if (notice.goTo === 'thank-you') onFinish()
            else void run(onNext)
          }}
        >
          {postPurchaseTexts.next}
        </button>
      </section>
    )
  }
  if (challenge) return <LocalChallenge clientSecret={challenge} onAnswer={(answer) => void answerChallenge(answer)} busy={busy} />
  return (
    <section
      aria-label="One-click offer"
      className="fy-stack"
      data-fy-pp="offer"
      onPointerDown={(event) => onOfferButton(event.target) && pause.tapped()}
    >
      {/* Read with the banner, which takes the focus on each new offer. */}
      <p id={progressId} className="fy-progress" data-fy-pp="progress">
        {postPurchaseTexts.progress(step, state.step_count)}
      </p>
      <div className="fy-banner">
        <h2 ref={banner} tabIndex={-1} aria-describedby={progressId}>
          {postPurchaseTexts.banner}
        </h2>
      </div>
      <h2 className="fy-upsell-title" data-fy-pp="headline">
        {offer.headline}
      </h2>
      {offer.asset_image && (
        <FunnelImage
          src={offer.asset_image}
          alt=""
          className="fy-upsell-image"
          width={1200}
          height={800}
          sizes={columnImageSizes}
          priority
        />
      )}
      {offer.description && (
        <p className="fy-upsell-text" data-fy-pp="description">
          {offer.description}
        </p>
      )}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a screen reader names the price */}
      <p aria-label="Offer price" className="fy-upsell-price" data-fy-pp="price">
        {price}
      </p>
      <button
        type="button"
        className="fy-button fy-button-success"
        data-fy-pp="accept"
        onClick={() => void accept()}
        disabled={busy || settling}
        aria-busy={busy || undefined}
      >
        {postPurchaseTexts.accept(price)}
      </button>
      <div className="fy-center">
        <button type="button" className="fy-link" data-fy-pp="decline" onClick={() => void decline()} disabled={busy || settling}>
          {postPurchaseTexts.decline}
        </button>
      </div>
    </section>
  )
}
