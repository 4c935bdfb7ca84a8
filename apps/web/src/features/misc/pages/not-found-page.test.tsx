import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { routes } from '../../../app/router'
import { renderApp } from '../../../testing/render'
import NotFoundPage from './not-found-page'

describe('Not-found page', () => {
  it('says the page does not exist and links home', () => {
    renderApp(<NotFoundPage />, { url: '/404' })

    expect(screen.getByText('404')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
  })

  it('is shown for any unknown path', async () => {
    renderApp(null, { routes, url: '/no/such/page' })

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
  })
})
