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
