import { type StoreSettingsPatch, storeSettingsSchema } from '@funnelry/shared'
import { Stack } from '@mui/material'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { apiClient } from '../../../lib/api-client'
import { renderApp } from '../../../testing/render'
import { testUser } from '../../../testing/tokens'
import { WebhookDeliveriesSection, WebhookSection } from '../index'

const storePath = `/store-settings/${testUser.user_id}/`
const storeKey = ['test-store-settings']

/**
 * Stands in for the Settings page, which owns the store settings' fetchers and passes them to the
 * card: this feature imports no other (issue 14), so its tests play the host with the same calls.
 */
function WebhookCardHost() {
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: storeKey, queryFn: () => apiClient.get(storePath, { schema: storeSettingsSchema }) })
  const update = useMutation({
    mutationFn: (patch: StoreSettingsPatch) => apiClient.patch(storePath, { body: patch, schema: storeSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(storeKey, saved),
  })
  return <WebhookSection query={query} save={update.mutateAsync} />
}

/** The webhook's two Settings cards, as a signed-in seller (testing/tokens.ts `testUser`) sees them. */
export function renderWebhooks() {
  return renderApp(
    <Stack>
      <WebhookCardHost />
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
