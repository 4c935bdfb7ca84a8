import { Stack } from '@mui/material'
import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { renderApp } from '../../../testing/render'
import { testUser } from '../../../testing/tokens'
import { WebhookDeliveriesSection, WebhookSection } from '../index'

/** The webhook's two Settings cards, as a signed-in seller (testing/tokens.ts `testUser`) sees them. */
export function renderWebhooks() {
  return renderApp(
    <Stack>
      <WebhookSection userId={testUser.user_id} />
      <WebhookDeliveriesSection />
    </Stack>,
    { url: '/dashboard/settings', signedIn: true },
  )
}

/** A card, found by its title, once its data has loaded. */
export async function findSection(title: string) {
  const section = await screen.findByRole('region', { name: title })
  await waitFor(() => expect(section.querySelector('[aria-busy="true"]')).toBeNull())
  return within(section)
}
