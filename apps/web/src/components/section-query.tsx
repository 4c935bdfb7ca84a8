import { Skeleton, Stack } from '@mui/material'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { detailMessage } from '../lib/api-error'
import { LoadFailedAlert } from './load-failed-alert'

type SectionQueryProps<T> = {
  query: UseQueryResult<T>
  /** What failed to load, for the message: "Your custom domain could not be loaded." */
  what: string
  children: (data: T) => ReactNode
}

/**
 * A section's form appears only once its data has arrived, so its default values are the stored
 * ones and a later refetch never overwrites what the seller is typing.
 */
export function SectionQuery<T>({ query, what, children }: SectionQueryProps<T>) {
  if (query.isPending) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label={`Loading ${what}`}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={36} width={96} sx={{ alignSelf: 'flex-end' }} />
      </Stack>
    )
  }
  if (query.isError) {
    return (
      <LoadFailedAlert message={detailMessage(query.error) ?? `Your ${what} could not be loaded.`} onRetry={() => void query.refetch()} />
    )
  }
  return children(query.data)
}
