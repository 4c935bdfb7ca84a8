// @vitest-environment jsdom
// (Reads MUI's and notistack's styles back through getComputedStyle, which happy-dom computes otherwise: it keeps colours as written, #2e7d32, not rgb() as a browser and jsdom give.)
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toast } from '../lib/toast'
import { setViewportWidth } from '../testing/media'
import { renderApp } from '../testing/render'

/** jsdom lays nothing out: put an element where a phone would show it. */
function placeOnScreen(element: HTMLElement, box: { top: number; bottom: number }) {
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 16, y: box.top, width: 200, height: box.bottom - box.top })
}

/** The toast's container, where notistack anchors it on the screen. */
async function toastContainer(message: string) {
  toast(message, 'success')
  const shown = await screen.findByText(message)
  const container = shown.closest('.notistack-SnackbarContainer')
  if (!container) throw new Error('no toast container')
  return getComputedStyle(container)
}

describe('where toasts appear', () => {
  afterEach(() => setViewportWidth(1024))

  it('on a phone, just below the app bar (not over its menu button or title) when nothing was used there', async () => {
    setViewportWidth(390)
    renderApp(<p>page</p>)
    const style = await toastContainer('Saved on a phone.')
    expect({ top: style.top, bottom: style.bottom }).toEqual({ top: '58px', bottom: 'auto' })
  })

  it('on a phone, at the top when the control just tapped is lower down, so the toast does not cover it', async () => {
    setViewportWidth(390)
    const { user } = renderApp(<button type="button">Activate</button>)
    placeOnScreen(screen.getByRole('button', { name: 'Activate' }), { top: 500, bottom: 540 })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    const style = await toastContainer('Activated lower down.')
    expect(style.top).toBe('58px')
  })

  it('on a phone, at the bottom when the control just tapped sits where a top toast would be', async () => {
    setViewportWidth(390)
    const { user } = renderApp(<button type="button">Activate</button>)
    placeOnScreen(screen.getByRole('button', { name: 'Activate' }), { top: 120, bottom: 160 })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    const style = await toastContainer('Activated near the top.')
    expect({ top: style.top, bottom: style.bottom }).toEqual({ top: 'auto', bottom: expect.not.stringMatching(/^auto$/) })
  })

  it('says success in white on a green dark enough to read (4.5:1, axe color-contrast)', async () => {
    renderApp(<p>page</p>)
    toast('Saved.', 'success')
    const content = (await screen.findByText('Saved.')).closest('.notistack-MuiContent')
    expect(content && getComputedStyle(content).backgroundColor).toBe('rgb(46, 125, 50)')
  })

  it('on a wider screen, bottom-left as the spec says', async () => {
    renderApp(<p>page</p>)
    const style = await toastContainer('Saved on a desktop.')
    expect({ top: style.top, bottom: style.bottom, left: style.left }).toEqual({ top: 'auto', bottom: '14px', left: '20px' })
  })
})
