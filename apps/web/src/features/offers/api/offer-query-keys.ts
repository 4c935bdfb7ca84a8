/**
 * The offers' query keys. Each kind has one root, so a save can refresh everything of that kind
 * (its list pages, its detail and its dropdown) with one invalidation.
 */
export const offerKeys = {
  free: {
    all: ['free-offers'] as const,
    lists: () => [...offerKeys.free.all, 'list'] as const,
    list: (page: number) => [...offerKeys.free.lists(), page] as const,
    detail: (id: string) => [...offerKeys.free.all, 'detail', id] as const,
  },
  bump: {
    all: ['bump-offers'] as const,
    list: (page: number) => [...offerKeys.bump.all, 'list', page] as const,
    detail: (id: string) => [...offerKeys.bump.all, 'detail', id] as const,
    dropdown: () => [...offerKeys.bump.all, 'dropdown'] as const,
  },
  oto: {
    all: ['upsell-offers'] as const,
    list: (page: number) => [...offerKeys.oto.all, 'list', page] as const,
    detail: (id: string) => [...offerKeys.oto.all, 'detail', id] as const,
    dropdown: () => [...offerKeys.oto.all, 'dropdown'] as const,
  },
}
