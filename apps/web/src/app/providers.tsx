import { CssBaseline, ThemeProvider } from '@mui/material'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import { type ReactNode, useState } from 'react'
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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider {...toastProviderProps}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}
