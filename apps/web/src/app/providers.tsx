import { CssBaseline, ThemeProvider } from '@mui/material'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import { type ReactNode, useState } from 'react'
import { paths } from '../config/paths'
import { AuthProvider } from '../features/auth/components/auth-provider'
import { toastProviderProps } from '../lib/toast'
import { theme } from './theme'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}

/**
 * The providers sit outside the router, so leaving the dashboard goes through the router object.
 * It is imported on demand: tests bring their own memory router and never create the browser one.
 */
function goToLogIn() {
  void import('./router').then(({ router }) => router.navigate(paths.login.href(), { replace: true }))
}

type AppProvidersProps = {
  children: ReactNode
  queryClient?: QueryClient
  /** Where to go after logout or an expired session; tests pass their memory router's navigation. */
  onSignedOut?: () => void
}

export function AppProviders({ children, queryClient, onSignedOut = goToLogIn }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider {...toastProviderProps}>
        <QueryClientProvider client={client}>
          <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}
