import type { StoreLinks } from '@funnelry/shared'

const labels: Array<[keyof StoreLinks, string]> = [
  ['privacy_policy', 'Privacy Policy'],
  ['terms_and_conditions', 'Terms and Conditions'],
  ['support_link', 'Refund Policy & Customer Service'],
]

/** The seller's company links (Settings), each only when set (spec section 2). */
export function OfferFooter({ links }: { links: StoreLinks }) {
  const shown = labels.flatMap(([key, label]) => {
    const href = links[key]
    return href ? [{ key, label, href }] : []
  })
  if (shown.length === 0) return null
  return (
    <footer className="fy-footer">
      {shown.map(({ key, label, href }) => (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ))}
    </footer>
  )
}
