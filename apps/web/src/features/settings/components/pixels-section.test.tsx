import { type Pixel, pixelSchema, pixelScriptMessages, settingsToasts } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { noContent } from '../../../testing/msw'
import { failCall, mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const facebook: Pixel = { id: 'pixel-1', pixel_type: 'facebook', script: '<script>fbq("init", "1")</script>' }
const google: Pixel = { id: 'pixel-2', pixel_type: 'google', script: '<script>gtag("config", "G-1")</script>' }

type User = ReturnType<typeof renderSettings>['user']

async function choose(user: User, entry: ReturnType<typeof within>, option: string) {
  await user.click(entry.getByRole('combobox', { name: 'Pixel Type' }))
  await user.click(await screen.findByRole('option', { name: option }))
}

/** user.type reads braces and brackets as key names; scripts are pasted as sellers do. */
async function pasteScript(user: User, entry: ReturnType<typeof within>, script: string) {
  await user.click(entry.getByLabelText('Script'))
  await user.paste(script)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Settings: Advertising Pixels', () => {
  it('lists each stored pixel with its type and script, in a textarea', async () => {
    mockSettingsApi({ pixels: [facebook, google] })
    renderSettings()
    const section = await findSection('Advertising Pixels')

    const first = within(section.getByRole('form', { name: 'Pixel 1' }))
    const second = within(section.getByRole('form', { name: 'Pixel 2' }))
    expect(first.getByRole('combobox', { name: 'Pixel Type' })).toHaveTextContent('Facebook')
    expect(first.getByLabelText('Script')).toHaveValue(facebook.script)
    expect(second.getByRole('combobox', { name: 'Pixel Type' })).toHaveTextContent('Google')
    expect(second.getByLabelText('Script')).toHaveValue(google.script)
    expect(first.getByLabelText('Script').tagName).toBe('TEXTAREA')
  })

  it('says when there are no pixels yet', async () => {
    mockSettingsApi()
    renderSettings()
    const section = await findSection('Advertising Pixels')

    expect(section.getByText('No pixels yet.')).toBeInTheDocument()
  })

  it("adds a pixel and says '{Label} Script was successfully updated.'", async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    await user.click(section.getByRole('button', { name: 'Add Pixel' }))
    const entry = within(section.getByRole('form', { name: 'New pixel' }))
    expect(entry.getByRole('combobox', { name: 'Pixel Type' })).toHaveTextContent('Facebook')
    await choose(user, entry, 'Google')
    await pasteScript(user, entry, google.script)
    await user.click(entry.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Google Script was successfully updated.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: '/advertising-pixel/', body: { pixel_type: 'google', script: google.script } }])
    const stored = within(await section.findByRole('form', { name: 'Pixel 1' }))
    expect(stored.getByLabelText('Script')).toHaveValue(google.script)
    expect(section.queryByRole('form', { name: 'New pixel' })).not.toBeInTheDocument()
  })

  it('updates a pixel with its new type and script and names the type in the toast', async () => {
    const { calls } = mockSettingsApi({ pixels: [facebook, google] })
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')
    const first = within(section.getByRole('form', { name: 'Pixel 1' }))

    await user.clear(first.getByLabelText('Script'))
    await pasteScript(user, first, '<script>fbq("init", "2")</script>')
    await user.click(first.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.pixel('Facebook'))).toBeInTheDocument()
    expect(screen.getByText('Facebook Script was successfully updated.')).toBeInTheDocument()
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/advertising-pixel/pixel-1/',
        body: { pixel_type: 'facebook', script: '<script>fbq("init", "2")</script>' },
      },
    ])
  })

  it('deletes a pixel once the seller confirms, and names its type in the toast', async () => {
    const { calls } = mockSettingsApi({ pixels: [facebook, google] })
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    // Cancel keeps it: nothing is sent.
    await user.click(within(section.getByRole('form', { name: 'Pixel 2' })).getByRole('button', { name: 'Delete' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete this Google pixel?' })
    expect(dialog).toHaveAccessibleDescription('Its script stops running on your offer pages at once. This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([])

    await user.click(within(section.getByRole('form', { name: 'Pixel 2' })).getByRole('button', { name: 'Delete' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete this Google pixel?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Google Script was successfully updated.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'DELETE', path: '/advertising-pixel/pixel-2/', body: null }])
    await waitFor(() => expect(section.queryByRole('form', { name: 'Pixel 2' })).not.toBeInTheDocument())
    expect(within(section.getByRole('form', { name: 'Pixel 1' })).getByLabelText('Script')).toHaveValue(facebook.script)
  })

  it('discards a new entry that was never saved without calling the server', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    await user.click(section.getByRole('button', { name: 'Add Pixel' }))
    await user.click(within(section.getByRole('form', { name: 'New pixel' })).getByRole('button', { name: 'Delete' }))

    expect(section.queryByRole('form', { name: 'New pixel' })).not.toBeInTheDocument()
    expect(section.getByText('No pixels yet.')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it("requires a script ('This field is required') before saving", async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    await user.click(section.getByRole('button', { name: 'Add Pixel' }))
    const entry = within(section.getByRole('form', { name: 'New pixel' }))
    await user.click(entry.getByRole('button', { name: 'Save' }))

    expect(await entry.findByText('This field is required')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('shows the field error for a value that is neither a snippet nor an ID (D28), and saves a bare ID', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    await user.click(section.getByRole('button', { name: 'Add Pixel' }))
    const entry = within(section.getByRole('form', { name: 'New pixel' }))
    await pasteScript(user, entry, '12345')
    await user.click(entry.getByRole('button', { name: 'Save' }))
    expect(await entry.findByText(pixelScriptMessages.facebook)).toBeInTheDocument()
    expect(entry.getByLabelText('Script')).toHaveAccessibleDescription(pixelScriptMessages.facebook)
    expect(calls).toEqual([])

    await user.clear(entry.getByLabelText('Script'))
    await pasteScript(user, entry, '123456789012345')
    await user.click(entry.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Facebook Script was successfully updated.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: '/advertising-pixel/', body: { pixel_type: 'facebook', script: '123456789012345' } }])
  })

  it.each([
    ['create', 'post', '/advertising-pixel/'],
    ['update', 'patch', '/advertising-pixel/pixel-1/'],
    ['delete', 'delete', '/advertising-pixel/pixel-1/'],
  ] as const)('only logs a failed %s (spec section 8): no toast, the entry stays as typed', async (action, method, path) => {
    mockSettingsApi({ pixels: [facebook] })
    failCall(method, path, method === 'delete' ? noContent : pixelSchema, () =>
      HttpResponse.json({ script: ['Use at most 20000 characters.'] }, { status: 400 }),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderSettings()
    const section = await findSection('Advertising Pixels')

    let entry = within(section.getByRole('form', { name: 'Pixel 1' }))
    if (action === 'create') {
      await user.click(section.getByRole('button', { name: 'Add Pixel' }))
      entry = within(section.getByRole('form', { name: 'New pixel' }))
      await pasteScript(user, entry, '<script>new()</script>')
    }
    await user.click(entry.getByRole('button', { name: action === 'delete' ? 'Delete' : 'Save' }))
    if (action === 'delete') await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(logged).toHaveBeenCalled())
    // The confirmation hides the rest of the page from assistive technology until it has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText(/Script was successfully updated\./)).not.toBeInTheDocument()
    expect(screen.queryByText('Use at most 20000 characters.')).not.toBeInTheDocument()
    expect(section.getAllByRole('form')).toHaveLength(action === 'create' ? 2 : 1)
    expect(entry.getByLabelText('Script')).toHaveValue(action === 'create' ? '<script>new()</script>' : facebook.script)
  })
})
