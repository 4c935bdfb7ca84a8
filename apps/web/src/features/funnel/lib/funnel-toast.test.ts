import { fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setViewportWidth } from '../../../testing/media'
import { funnelToast, keepFunnelToastsAtBottom } from './funnel-toast'

/** A button where a phone would show it (the test page lays nothing out), tapped. */
function tapButtonAt(top: number) {
  const button = document.createElement('button')
  button.textContent = 'Send Me The Guide'
  button.getBoundingClientRect = () => DOMRect.fromRect({ x: 16, y: top, width: 358, height: 52 })
  document.body.append(button)
  fireEvent.pointerDown(button)
}

const host = () => document.querySelector('.fy-toasts')

describe('where a public page shows its toasts', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    setViewportWidth(1024)
  })

  it('on a phone, at the top when the button just tapped is lower down', () => {
    setViewportWidth(390)
    tapButtonAt(620)
    funnelToast('Payment failed.', 'error')
    expect(host()).toHaveClass('fy-toasts-top')
  })

  it('on a phone, at the bottom when the button just tapped is near the top', () => {
    setViewportWidth(390)
    tapButtonAt(90)
    funnelToast('Payment failed.', 'error')
    expect(host()).not.toHaveClass('fy-toasts-top')
  })

  it('on a phone, at the bottom while the post-purchase step shows its heading at the top', () => {
    setViewportWidth(390)
    tapButtonAt(620)
    funnelToast('Payment succeeded!', 'success')
    expect(host()).toHaveClass('fy-toasts-top')
    const letGo = keepFunnelToastsAtBottom()
    expect(host()).not.toHaveClass('fy-toasts-top')
    tapButtonAt(620)
    funnelToast('Added to your order.', 'success')
    expect(host()).not.toHaveClass('fy-toasts-top')
    letGo()
    tapButtonAt(620)
    funnelToast('Payment failed.', 'error')
    expect(host()).toHaveClass('fy-toasts-top')
  })

  it('on a wider screen, bottom-left as the spec says', () => {
    tapButtonAt(620)
    funnelToast('Payment failed.', 'error')
    expect(host()).not.toHaveClass('fy-toasts-top')
  })
})
