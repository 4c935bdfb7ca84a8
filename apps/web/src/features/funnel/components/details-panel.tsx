import type { VisitorDetailsState } from '../hooks/use-visitor-details'

/** The element the page's first script reveals when the opt-in button is pressed before React runs. */
export const detailsPanelId = 'fy-details'

type DetailsPanelProps = { open: boolean; details: VisitorDetailsState }

type FieldProps = {
  name: 'full_name' | 'email'
  label: string
  type: 'text' | 'email'
  autoComplete: string
  details: VisitorDetailsState
}

function DetailsField({ name, label, type, autoComplete, details }: FieldProps) {
  const id = `fy-${name}`
  const error = details.errors[name]
  return (
    <div className="fy-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        className="fy-input"
        autoComplete={autoComplete}
        inputMode={type === 'email' ? 'email' : undefined}
        value={details.values[name]}
        onChange={(event) => details.change(name, event.target.value)}
        onBlur={() => details.blur(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="fy-field-error">
          {error}
        </span>
      )}
    </div>
  )
}

/**
 * Full Name and Email Address, revealed by the opt-in button (a 600 ms reveal, spec section 9, in
 * CSS). The panel is in the server's HTML, hidden, so the page's first script can open it at once
 * on a slow phone, before React has hydrated (issue 11).
 */
export function DetailsPanel({ open, details }: DetailsPanelProps) {
  return (
    <div id={detailsPanelId} className="fy-card fy-stack-sm fy-details" hidden={!open}>
      <DetailsField name="full_name" label="Full Name" type="text" autoComplete="name" details={details} />
      <DetailsField name="email" label="Email Address" type="email" autoComplete="email" details={details} />
    </div>
  )
}
