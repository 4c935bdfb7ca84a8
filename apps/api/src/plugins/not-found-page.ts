/**
 * Decision D26: what a visitor of a public site (the pages origin, a seller's domain) sees for an
 * offer or order that is not there. Rendered here as plain HTML: no dashboard code, no script, and
 * no link to the seller's log-in (the visitor is not a seller).
 */
export const notFoundMessages = {
  page: { title: 'Page not found', text: 'This page does not exist or is no longer available.' },
  order: {
    title: "We can't find this order.",
    text: 'The link may have expired. If you paid, your receipt and downloads are in the email we sent you.',
  },
} as const

const style = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb}',
  'main{max-width:32rem;margin:0 auto;padding:4rem 1.5rem;text-align:center}',
  'h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem;overflow-wrap:anywhere}',
  'p{margin:0;line-height:1.5;color:#4b5563}',
].join('')

const render = ({ title, text }: { title: string; text: string }) => {
  const escaped = title.replace(/'/g, '&#39;')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escaped}</title><style>${style}</style></head><body><main><h1>${escaped}</h1><p>${text}</p></main></body></html>`
}

/** The two pages' HTML, made once. */
export const notFoundPages = { page: render(notFoundMessages.page), order: render(notFoundMessages.order) } as const
