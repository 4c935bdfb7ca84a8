import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { renderApp } from '../../../testing/render'
import SettingsPage from '../pages/settings-page'

/** The Settings screen as a signed-in seller (test/tokens.ts `testUser`) opens it. */
export function renderSettings() {
  return renderApp(<SettingsPage />, { url: '/dashboard/settings', signedIn: true })
}

/** A settings card, found by its title, once its data has loaded. */
export async function findSection(title: string) {
  const section = await screen.findByRole('region', { name: title })
  await waitFor(() => expect(section.querySelector('[aria-busy="true"]')).toBeNull())
  return within(section)
}
