import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import { type ReactNode, useState } from 'react'
import { AuthProvider } from '../features/auth/components/auth-provider'
import { phoneToastAnchor, toastProviderProps } from '../lib/toast'
import { theme } from './theme'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  })
}

type AppProvidersProps = {
  children: ReactNode
  queryClient?: QueryClient
  /**
   * Where to go after logout or an expired session. The providers sit outside the router, so the
   * app passes its router's navigation (tests pass their memory router's).
   */
  onSignedOut: () => void
}

export function AppProviders({ children, queryClient, onSignedOut }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true })
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider {...toastProviderProps} {...(phone ? { anchorOrigin: phoneToastAnchor } : {})}>
        <QueryClientProvider client={client}>
          <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}
