import { bumpOfferSchema } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { Link, Outlet } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { bumpOffer } from '../../../testing/factories/offers'
import { renderApp } from '../../../testing/render'
import { mockMultipart } from '../testing/multipart'
import { mockDropdowns, mockOfferStats } from '../testing/offer-api'
import BumpOfferFormPage from './bump-offer-form-page'
import FreeOfferFormPage from './free-offer-form-page'

const textbox = (name: string) => screen.getByRole('textbox', { name })
const leaveQuestion = () => screen.queryByRole('dialog', { name: 'Leave without saving?' })

/** The offer forms under a menu with a link elsewhere, as in the dashboard. */
const routes = [
  {
    element: <MenuLayout />,
    children: [
      { path: '/dashboard/add-free-offer', element: <FreeOfferFormPage /> },
      { path: '/dashboard/add-bump-offer', element: <BumpOfferFormPage /> },
      { path: '*', element: <p>Somewhere else</p> },
    ],
  },
]

function MenuLayout() {
  return (
    <>
      <nav>
        <Link to="/dashboard/settings">Settings</Link>
      </nav>
      <Outlet />
    </>
  )
}

/** Asks the page as a tab close or reload would: true when it wants the browser's 'Leave site?' question. */
function closingTabIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

// Free offers show their funnel numbers (issue 6); these tests are about other things.
beforeEach(() => {
  mockOfferStats()
  mockDropdowns()
})

describe('leaving an offer form with unsaved changes', () => {
  it("asks first; 'Stay' keeps the edits, 'Leave' goes", async () => {
    const { user, pathname } = renderApp(null, { routes, url: '/dashboard/add-bump-offer', signedIn: true })

    await user.type(textbox('Product URL'), 'https://x.io')
    await user.click(screen.getByRole('link', { name: 'Settings' }))

    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(question).toHaveAccessibleDescription('Your changes to this offer will be lost.')
    await user.click(screen.getByRole('button', { name: 'Stay' }))

    await waitFor(() => expect(leaveQuestion()).not.toBeInTheDocument())
    expect(pathname()).toBe('/dashboard/add-bump-offer')
    expect(textbox('Product URL')).toHaveValue('https://x.io')

    await user.click(screen.getByRole('link', { name: 'Settings' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))

    expect(await screen.findByText('Somewhere else')).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/settings')
  })

  it('does not ask when nothing changed', async () => {
    const { user } = renderApp(null, { routes, url: '/dashboard/add-bump-offer', signedIn: true })

    expect(closingTabIsHeld()).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Settings' }))

    expect(await screen.findByText('Somewhere else')).toBeInTheDocument()
    expect(leaveQuestion()).not.toBeInTheDocument()
  })

  it('does not ask after a successful save', async () => {
    mockMultipart('post', '/bump-offer/', bumpOfferSchema, () => HttpResponse.json(bumpOffer(), { status: 201 }))
    const { user, pathname } = renderApp(null, { routes, url: '/dashboard/add-bump-offer', signedIn: true })

    await user.type(textbox('Product URL'), 'https://x.io')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Somewhere else')).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/bump-offers')
    expect(leaveQuestion()).not.toBeInTheDocument()
  })

  it('holds a tab close or reload only while there are changes', async () => {
    const { user } = renderApp(null, { routes, url: '/dashboard/add-bump-offer', signedIn: true })

    await user.type(textbox('Product URL'), 'https://x.io')
    expect(closingTabIsHeld()).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(closingTabIsHeld()).toBe(false)
  })
})

describe("Cancel on a BUMP add form reached through the free offer's 'Add New'", () => {
  it('goes back to the free offer form with its draft, without asking; leaving from there asks', async () => {
    const { user, pathname } = renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    await user.type(textbox('Headline'), 'Guide')
    await user.click(screen.getByRole('button', { name: 'Add New BUMP Offer' }))
    expect(await screen.findByRole('heading', { name: 'Add New BUMP Offer' })).toBeInTheDocument()
    expect(leaveQuestion()).not.toBeInTheDocument()

    await user.type(textbox('Product URL'), 'https://x.io')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(await screen.findByRole('heading', { name: 'Add New Free Offer' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/add-free-offer')
    expect(leaveQuestion()).not.toBeInTheDocument()
    expect(textbox('Headline')).toHaveValue('Guide')

    // The restored draft is work not saved yet.
    await user.click(screen.getByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
  })
})

describe("an optional field's 'show' box", () => {
  it('hides the text without losing it, says so, and brings it back when checked again', async () => {
    const { user } = renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    await user.type(textbox('Sub Headline'), 'Start here')
    await user.click(screen.getByRole('checkbox', { name: 'Show Sub Headline' }))

    expect(textbox('Sub Headline')).toBeDisabled()
    expect(textbox('Sub Headline')).toHaveValue('Start here')
    expect(textbox('Sub Headline')).toHaveAccessibleDescription('Hidden text is kept until you leave this page.')

    await user.click(screen.getByRole('checkbox', { name: 'Show Sub Headline' }))

    expect(textbox('Sub Headline')).toBeEnabled()
    expect(textbox('Sub Headline')).toHaveValue('Start here')
    expect(screen.queryByText('Hidden text is kept until you leave this page.')).not.toBeInTheDocument()
  })

  it('keeps a hidden text through the Add New round trip while the draft is there', async () => {
    const { user } = renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    await user.type(textbox('Sub Headline'), 'Start here')
    await user.click(screen.getByRole('checkbox', { name: 'Show Sub Headline' }))
    await user.click(screen.getByRole('button', { name: 'Add New BUMP Offer' }))
    expect(await screen.findByRole('heading', { name: 'Add New BUMP Offer' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(await screen.findByRole('heading', { name: 'Add New Free Offer' })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Show Sub Headline' }))
    expect(textbox('Sub Headline')).toHaveValue('Start here')
  })
})
