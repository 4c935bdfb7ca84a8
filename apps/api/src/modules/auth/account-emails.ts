import type { OutgoingMail } from '../../mail/mail-transport.js'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const notYou = 'If this was not you, reset your password at once from the log-in page ("Forgot password?").'

/** Decision D32: the reset link, valid one hour and once. */
export function passwordResetEmail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Funnelry password',
    text: `Someone (hopefully you) asked to reset the password of your Funnelry account.\n\nChoose a new password here (the link works once and expires in 1 hour):\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    html: `<p>Someone (hopefully you) asked to reset the password of your Funnelry account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  }
}

/** Security notices: each change to how the account is protected is told to its owner. */
function notice(to: string, subject: string, sentence: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${sentence}\n\n${notYou}\n`,
    html: `<p>${escapeHtml(sentence)}</p><p>${escapeHtml(notYou)}</p>`,
  }
}

export const passwordChangedEmail = (to: string) =>
  notice(to, 'Your Funnelry password was changed', 'The password of your Funnelry account was changed, and every other log-in was ended.')

export const twoFactorEmail = (to: string, on: boolean) =>
  on
    ? notice(
        to,
        'Two-factor log-in was turned on',
        'Two-factor log-in was turned on for your Funnelry account: log-ins now ask for a code from your authenticator app.',
      )
    : notice(
        to,
        'Two-factor log-in was turned off',
        'Two-factor log-in was turned off for your Funnelry account: log-ins now ask for the password only.',
      )
