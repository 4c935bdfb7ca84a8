import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toast } from '../lib/toast'
import { setViewportWidth } from '../testing/media'
import { renderApp } from '../testing/render'

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

  it('on a phone, at the top, away from the controls a seller just tapped', async () => {
    setViewportWidth(390)
    renderApp(<p>page</p>)
    const style = await toastContainer('Saved on a phone.')
    expect({ top: style.top, bottom: style.bottom }).toEqual({ top: '14px', bottom: 'auto' })
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
