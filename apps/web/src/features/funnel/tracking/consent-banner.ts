/**
 * Decision D31: the consent banner of the public pages, plain DOM (the offer page's first script
 * has no React). Fixed to the bottom of the viewport, so it moves nothing on the page (no layout
 * shift), and small, so it never becomes the page's largest paint. A named region with two real
 * buttons; the page stays usable behind it.
 */
export const consentBannerTexts = {
  label: 'Cookie consent',
  text: 'This page uses cookies and similar tools of advertising platforms to measure its ads. Do you accept them?',
  accept: 'Accept',
  decline: 'Decline',
} as const

const bannerStyle = [
  'position:fixed',
  'left:8px',
  'right:8px',
  'bottom:8px',
  'z-index:2147483000',
  'max-width:640px',
  'margin:0 auto',
  'box-sizing:border-box',
  'display:flex',
  'flex-wrap:wrap',
  'align-items:center',
  'gap:8px 12px',
  'padding:10px 12px',
  'background:#fff',
  'color:#212121',
  'border-radius:8px',
  'box-shadow:0 2px 12px rgba(0,0,0,.25)',
  'font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
].join(';')
const buttonStyle = 'min-height:40px;min-width:88px;padding:0 14px;border-radius:4px;font:inherit;font-weight:600;cursor:pointer'
const acceptStyle = `${buttonStyle};background:#6a1b9a;color:#fff;border:1px solid #6a1b9a`
const declineStyle = `${buttonStyle};background:#fff;color:#6a1b9a;border:1px solid #6a1b9a`

function button(label: string, style: string, onPress: () => void): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.textContent = label
  element.setAttribute('style', style)
  element.addEventListener('click', onPress)
  return element
}

/** Shows the banner; each answer removes it and calls its function once. */
export function showConsentBanner(answers: { onAccept: () => void; onDecline: () => void }): void {
  const banner = document.createElement('section')
  banner.setAttribute('aria-label', consentBannerTexts.label)
  banner.setAttribute('style', bannerStyle)
  banner.dataset.fyConsent = ''
  const text = document.createElement('p')
  text.textContent = consentBannerTexts.text
  text.setAttribute('style', 'margin:0;flex:1 1 240px')
  const actions = document.createElement('div')
  actions.setAttribute('style', 'display:flex;gap:8px;margin-left:auto')
  const paddingBefore = document.body.style.paddingBottom
  const answer = (then: () => void) => () => {
    banner.remove()
    document.body.style.paddingBottom = paddingBefore
    then()
  }
  actions.append(button(consentBannerTexts.decline, declineStyle, answer(answers.onDecline)))
  actions.append(button(consentBannerTexts.accept, acceptStyle, answer(answers.onAccept)))
  banner.append(text, actions)
  document.body.append(banner)
  // Room under the page while it shows, so the footer's links (the privacy policy among them) can be
  // scrolled out from under it; added at the end of the page, it moves nothing in view.
  document.body.style.paddingBottom = `${banner.offsetHeight + 16}px`
}
