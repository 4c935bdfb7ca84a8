import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { paths } from '../../../config/paths'
import { offerId } from '../../../testing/factories/funnel'
import { renderApp } from '../../../testing/render'
import FreeOfferPage from '../pages/free-offer-page'

/** The free offer page mounted at its real route pattern; other paths show where the app went. */
export function renderOfferPage(url = `/free-offer/${offerId}`, options: { signedIn?: boolean } = {}) {
  return renderApp(<FreeOfferPage />, { url, path: paths.freeOfferPublic.path, ...options })
}

export const visitor = { full_name: 'Grace Hopper', email: 'grace@example.com' }

/** Presses the opt-in button and types the visitor's details. */
export async function optIn(user: UserEvent, optInLabel = 'Send me the guide') {
  await user.click(await screen.findByRole('button', { name: optInLabel }))
  await user.type(screen.getByLabelText('Full Name'), visitor.full_name)
  await user.type(screen.getByLabelText('Email Address'), visitor.email)
}

export async function payWithCard(user: UserEvent, cardNumber: string, payLabel: string) {
  await user.type(await screen.findByLabelText('Card number'), cardNumber)
  await user.click(screen.getByRole('button', { name: payLabel }))
}
