/**
 * The local test provider's stand-in for Stripe's hosted onboarding: one small server-rendered
 * page, so that "connect" can be tried end to end with no keys and no network.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f5f5; color: #111; margin: 0; }
  main { max-width: 520px; margin: 10vh auto; background: #fff; padding: 32px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 24px; margin-top: 0; }
  p { font-size: 16px; line-height: 1.5; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { font-size: 16px; padding: 10px 20px; border-radius: 4px; cursor: pointer; border: 1px solid #6a1b9a; }
  .approve { background: #6a1b9a; color: #fff; }
  .incomplete { background: #fff; color: #6a1b9a; }
  code { background: #f0f0f0; padding: 2px 4px; border-radius: 3px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`

const decisionForm = (action: string, accountId: string, token: string, decision: 'approve' | 'incomplete', label: string) =>
  `<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="account" value="${escapeHtml(accountId)}">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <input type="hidden" name="decision" value="${decision}">
  <button type="submit" class="${decision}">${label}</button>
</form>`

export function onboardingPage(action: string, accountId: string, token: string): string {
  return layout(
    'Connect your payment account',
    `<h1>Connect your payment account</h1>
<p>This is the built-in <strong>test</strong> payment provider: no real money moves. In production the seller finishes this step on the provider's own site.</p>
<p>Account: <code>${escapeHtml(accountId)}</code></p>
<p>Approve to let this account take (test) payments, or leave onboarding incomplete to see what a seller who stopped half-way sees.</p>
<div class="actions">
${decisionForm(action, accountId, token, 'approve', 'Approve')}
${decisionForm(action, accountId, token, 'incomplete', 'Leave incomplete')}
</div>`,
  )
}
