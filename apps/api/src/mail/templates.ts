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

/** Decision D11 and "Emails": a free checkout gets the free offer's download. */
export function freeDownloadEmail(input: { to: string; fullName: string; businessName: string; download: DownloadLink }): OutgoingMail {
  const { text, html } = linkList([input.download])
  return {
    to: input.to,
    subject: `Your free download from ${input.businessName}`,
    text: `Hi ${input.fullName},\n\nThank you for claiming your free download from ${input.businessName}. Here it is:\n\n${text}\n`,
    html: `<p>Hi ${escapeHtml(input.fullName)},</p><p>Thank you for claiming your free download from ${escapeHtml(input.businessName)}. Here it is:</p>${html}`,
  }
}

/** "Emails": a purchase links the free offer's download and every paid item that was bought. */
export function purchaseEmail(input: {
  to: string
  fullName: string
  businessName: string
  downloads: DownloadLink[]
  /** Formatted with the currency symbol, e.g. "$52.50". */
  total: string
}): OutgoingMail {
  const { text, html } = linkList(input.downloads)
  return {
    to: input.to,
    subject: `Your purchase from ${input.businessName}`,
    text: `Hi ${input.fullName},\n\nThank you for your purchase from ${input.businessName} (total ${input.total}). Your free download and your purchases:\n\n${text}\n`,
    html: `<p>Hi ${escapeHtml(input.fullName)},</p><p>Thank you for your purchase from ${escapeHtml(input.businessName)} (total ${escapeHtml(input.total)}). Your free download and your purchases:</p>${html}`,
  }
}
