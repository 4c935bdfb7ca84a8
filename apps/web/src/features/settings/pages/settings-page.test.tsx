import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setViewportWidth } from '../../../testing/media'
import { mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

describe('Settings page', () => {
  it('shows one card per setting, in the order of the spec (payments last once connected), on a phone too', async () => {
    setViewportWidth(375)
    mockSettingsApi({ status: { connected: true } })
    renderSettings()

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    const titles = [
      'Custom Domain',
      'Advertising Pixels',
      'Conversions API',
      'Conversions API Deliveries',
      'CRM Webhook',
      'CRM Webhook Deliveries',
      'Company Data',
      'Payment Account',
    ]
    for (const title of titles) await findSection(title)
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).at(-1)).toHaveTextContent('Payment Account'))
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(titles)
  })
})
