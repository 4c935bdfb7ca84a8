import { messages } from '@funnelry/shared/messages'
import { useId } from 'react'

type CallToActionProps = {
  label: string
  type: 'button' | 'submit'
  onClick?: () => void
  /** The offer is inactive (or the server said so since): disabled, with 'Offer is not available' under it. */
  unavailable: boolean
  disabled?: boolean
  loading?: boolean
  hidden?: boolean
  /** Marks the opt-in button for the page's first script, which opens the details before React runs. */
  optIn?: boolean
  /** Marks the submit button, which that script shows with the details. */
  submit?: boolean
}

/** The page's one big button: the offer's opt-in text, later 'Pay $X'. */
export function CallToAction({
  label,
  type,
  onClick,
  unavailable,
  disabled = false,
  loading = false,
  hidden = false,
  optIn = false,
  submit = false,
}: CallToActionProps) {
  const noteId = useId()
  const button = (
    <button
      type={type}
      onClick={onClick}
      className="fy-button"
      disabled={unavailable || disabled || loading}
      aria-busy={loading || undefined}
      aria-describedby={unavailable ? noteId : undefined}
      hidden={hidden}
      data-fy-opt-in={optIn || undefined}
      data-fy-submit={submit || undefined}
    >
      {label}
    </button>
  )
  if (!unavailable) return button
  // The spec's tooltip text, shown as words under the button (decision 0025): a tooltip appears only
  // on hover or focus, so a visitor on a phone saw a grey button and no reason.
  return (
    <span className="fy-unavailable" hidden={hidden} data-fy-unavailable>
      {button}
      <span id={noteId} className="fy-unavailable-note">
        {messages.offerNotAvailable}
      </span>
    </span>
  )
}
