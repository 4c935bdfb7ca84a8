import { RouterProvider } from 'react-router'
import { paths } from '../config/paths'
import { AppProviders } from './providers'
import { router } from './router'

const goToLogIn = () => void router.navigate(paths.login.href(), { replace: true })

export function App() {
  return (
    <AppProviders onSignedOut={goToLogIn}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
