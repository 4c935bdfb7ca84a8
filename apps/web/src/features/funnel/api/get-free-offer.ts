import { queryOptions, useQuery } from '@tanstack/react-query'
import { getFreeOffer } from '../../offers'
import { readInlinedOffer } from '../lib/inlined-offer'
import { funnelKeys } from './query-keys'

/** The public read of a free offer: sent without auth (spec section 6). */
export const freeOfferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: funnelKeys.freeOffer(id),
    queryFn: ({ signal }) => getFreeOffer(id, { auth: false, signal }),
    // The server may have inlined this very offer into the HTML: render it at once.
    initialData: () => readInlinedOffer(id),
  })

export function useFreeOffer(id: string) {
  return useQuery(freeOfferQueryOptions(id))
}
