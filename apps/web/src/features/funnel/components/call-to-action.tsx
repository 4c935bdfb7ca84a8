import { messages } from '@funnelry/shared/messages'
import { useState } from 'react'

type CallToActionProps = {
  label: string
  type: 'button' | 'submit'
  onClick?: () => void
  /** The offer is inactive: disabled, with the spec's tooltip. */
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
  const [tooltipShown, setTooltipShown] = useState(false)
  const button = (
    <button
      type={type}
      onClick={onClick}
      className="fy-button"
      disabled={unavailable || disabled || loading}
      aria-busy={loading || undefined}
      hidden={hidden}
      data-fy-opt-in={optIn || undefined}
      data-fy-submit={submit || undefined}
    >
      {label}
    </button>
  )
  if (!unavailable) return button
  // A disabled button fires no events and takes no focus, so the tooltip shows on a wrapper that
  // a keyboard can reach too (and that names it for screen readers).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the hover and focus only show the tooltip
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the wrapper is named by its tooltip, as the disabled button's stand-in
    <span
      className="fy-unavailable"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button's explanation must be reachable by keyboard
      tabIndex={0}
      aria-label={messages.offerNotAvailable}
      hidden={hidden}
      data-fy-unavailable
      onMouseEnter={() => setTooltipShown(true)}
      onMouseLeave={() => setTooltipShown(false)}
      onFocus={() => setTooltipShown(true)}
      onBlur={() => setTooltipShown(false)}
    >
      {button}
      {tooltipShown && (
        <span className="fy-tooltip" role="tooltip">
          {messages.offerNotAvailable}
        </span>
      )}
    </span>
  )
}
