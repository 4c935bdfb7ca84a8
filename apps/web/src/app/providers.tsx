import { CssBaseline, styled, ThemeProvider, useMediaQuery } from '@mui/material'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MaterialDesignContent, SnackbarProvider } from 'notistack'
import { type ReactNode, useState } from 'react'
import { AuthProvider } from '../features/auth'
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

/**
 * notistack's own success and info greens and blues carry white text below 4.5:1 (axe
 * color-contrast, serious): the darker shades of the same hues do.
 */
const ReadableToast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
})
const toastComponents = {
  default: ReadableToast,
  success: ReadableToast,
  error: ReadableToast,
  warning: ReadableToast,
  info: ReadableToast,
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
      <SnackbarProvider {...toastProviderProps} Components={toastComponents} {...(phone ? { anchorOrigin: phoneToastAnchor } : {})}>
        <QueryClientProvider client={client}>
          <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}
