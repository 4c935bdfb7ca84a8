import { CssBaseline, GlobalStyles, styled, ThemeProvider } from '@mui/material'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MaterialDesignContent, SnackbarProvider } from 'notistack'
import { type ReactNode, useEffect, useState } from 'react'
import { AuthProvider } from '../features/auth'
import { phoneToastClasses, toastProviderProps } from '../lib/toast'
import { followLastUsedControl, phoneToastTop } from '../lib/toast-placement'
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

/** notistack pads each toast by 6 px: its container sits that much above where the toast shows. */
const toastPadding = 6
/** The phone's toast places (lib/toast-placement.ts); two classes, to win over notistack's one. */
const phoneToastStyles = (
  <GlobalStyles
    styles={{
      [`.notistack-SnackbarContainer.${phoneToastClasses.top}`]: { top: phoneToastTop - toastPadding },
      [`.notistack-SnackbarContainer.${phoneToastClasses.bottom}`]: {
        bottom: `calc(${14 - toastPadding}px + env(safe-area-inset-bottom, 0px))`,
      },
    }}
  />
)
const toastClasses = { containerAnchorOriginTopCenter: phoneToastClasses.top, containerAnchorOriginBottomCenter: phoneToastClasses.bottom }

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
  // Where a phone toast goes depends on the control used last (lib/toast-placement.ts).
  useEffect(() => followLastUsedControl(), [])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {phoneToastStyles}
      <SnackbarProvider {...toastProviderProps} Components={toastComponents} classes={toastClasses}>
        <QueryClientProvider client={client}>
          <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}
