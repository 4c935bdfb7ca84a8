import { Box, CircularProgress } from '@mui/material'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { LoadFailedAlert } from '../../../components/load-failed-alert'
import { paths } from '../../../config/paths'
import { isApiError } from '../../../lib/api-error'

type OfferLoaderProps<T> = {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}

/** The edit screens' wait for their offer: a spinner, /404 for an unknown offer (spec section 8), or a retry. */
export function OfferLoader<T>({ query, children }: OfferLoaderProps<T>) {
  // An offer already shown stays: a failed background refresh must not take the form (and its edits) away.
  if (query.data !== undefined) return children(query.data)
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    )
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <Navigate to={paths.notFound.href()} replace />
    return <LoadFailedAlert message="The offer could not be loaded." onRetry={() => void query.refetch()} />
  }
  return null
}
