import type { OutgoingMail } from './mail-transport.js'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function invitationEmail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'You are invited to Funnelry',
    text: `You have been invited to create a seller account on Funnelry.\n\nSign up here (the link works once and expires in 7 days):\n${link}\n`,
    html: `<p>You have been invited to create a seller account on Funnelry.</p><p><a href="${escapeHtml(link)}">Create your account</a></p><p>The link works once and expires in 7 days.</p>`,
  }
}

/** One thing the buyer got: its name and where to download it. */
export type DownloadLink = { title: string; url: string }

const linkList = (links: DownloadLink[]) => ({
  text: links.map((link) => `- ${link.title}: ${link.url}`).join('\n'),
  html: `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a></li>`).join('')}</ul>`,
})

/** Decision D16 and "Emails": sent when a visitor opts in, once per lead and offer. */
export function freeDownloadEmail(input: { to: string; fullName: string; businessName: string; download: DownloadLink }): OutgoingMail {
  const { text, html } = linkList([input.download])
  return {
    to: input.to,
    subject: `Your free download from ${input.businessName}`,
    text: `Hi ${input.fullName},\n\nThank you for claiming your free download from ${input.businessName}. Here it is:\n\n${text}\n`,
    html: `<p>Hi ${escapeHtml(input.fullName)},</p><p>Thank you for claiming your free download from ${escapeHtml(input.businessName)}. Here it is:</p>${html}`,
  }
}

/** Something paid for: its name, where to download it and what it cost ("$19.00"), when known. */
export type PaidItem = DownloadLink & { price?: string | undefined }

/**
 * "Emails" and decision D16: the free download was emailed at opt-in; the purchase email lists what
 * was paid for, each with its price and download link, and the total. The free download is linked
 * again at the end, so this one email holds everything the visitor got.
 */
export function purchaseEmail(input: {
  to: string
  fullName: string
  businessName: string
  purchases: PaidItem[]
  /** Formatted with the currency symbol, e.g. "$52.50". */
  total: string
  freeDownload: DownloadLink
}): OutgoingMail {
  const priceText = (item: PaidItem) => (item.price ? ` (${item.price})` : '')
  const paidText = input.purchases.map((item) => `- ${item.title}${priceText(item)}: ${item.url}`).join('\n')
  const paidHtml = `<ul>${input.purchases
    .map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${escapeHtml(priceText(item))}</li>`)
    .join('')}</ul>`
  const free = linkList([input.freeDownload])
  return {
    to: input.to,
    subject: `Your purchase from ${input.businessName}`,
    text: `Hi ${input.fullName},\n\nThank you for your purchase from ${input.businessName}. You paid for:\n\n${paidText}\n\nTotal: ${input.total}\n\nYour free download, in case you need it again:\n${free.text}\n`,
    html: `<p>Hi ${escapeHtml(input.fullName)},</p><p>Thank you for your purchase from ${escapeHtml(input.businessName)}. You paid for:</p>${paidHtml}<p>Total: <strong>${escapeHtml(input.total)}</strong></p><p>Your free download, in case you need it again:</p>${free.html}`,
  }
}

/** Something given back: its name and amount ("$19.00"). */
export type RefundedItem = { title: string; amount: string }

/**
 * Decision D35: the buyer learns that the seller gave money back, for what and how much, like the
 * purchase email lists what was paid for.
 */
export function refundEmail(input: {
  to: string
  fullName: string
  businessName: string
  items: RefundedItem[]
  total: string
}): OutgoingMail {
  const itemsText = input.items.map((item) => `- ${item.title} (${item.amount})`).join('\n')
  const itemsHtml = `<ul>${input.items.map((item) => `<li>${escapeHtml(item.title)} (${escapeHtml(item.amount)})</li>`).join('')}</ul>`
  const back = 'The money goes back to the card you paid with; your bank may take a few days to show it.'
  return {
    to: input.to,
    subject: `Your refund from ${input.businessName}`,
    text: `Hi ${input.fullName},\n\n${input.businessName} has refunded ${input.total} for:\n\n${itemsText}\n\n${back}\n`,
    html: `<p>Hi ${escapeHtml(input.fullName)},</p><p>${escapeHtml(input.businessName)} has refunded <strong>${escapeHtml(input.total)}</strong> for:</p>${itemsHtml}<p>${back}</p>`,
  }
}
