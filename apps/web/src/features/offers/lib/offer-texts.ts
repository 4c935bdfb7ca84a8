/** The offer screens' names (the upsell is 'OTO' on screen) and the spec's toasts built from them (spec section 8). */
export const offerKinds = { free: 'Free Offer', bump: 'BUMP Offer', upsell: 'OTO Offer' } as const
export type OfferKind = keyof typeof offerKinds

/** 'Free Offer was successfully added.' / '… updated.', and the same for BUMP Offer and OTO Offer. */
export const savedToast = (kind: OfferKind, action: 'added' | 'updated') => `${offerKinds[kind]} was successfully ${action}.`

/** 'Free Offer was successfully activated.' / '… deactivated.' */
export const activationToast = (active: boolean) => `${offerKinds.free} was successfully ${active ? 'activated' : 'deactivated'}.`

/** 'Add New Free Offer' / 'Edit Free Offer', and the same for BUMP and OTO. */
export const formTitle = (kind: OfferKind, editing: boolean) => `${editing ? 'Edit' : 'Add New'} ${offerKinds[kind]}`

/** Our words where the spec has none. */
export const offerTexts = {
  /** After the card's copy-URL button put show_url on the clipboard. */
  copied: 'Copied',
  /** Logged (spec section 8: "a generic error is logged") when a save fails. */
  saveFailedLog: 'The offer could not be saved.',
} as const

/** Issue 15: what the card's menu does, in the spec's toast wording ('Free Offer was successfully archived.'). */
export const lifecycleToast = (kind: OfferKind, action: 'duplicate' | 'archive' | 'restore' | 'delete') =>
  `${offerKinds[kind]} was successfully ${{ duplicate: 'duplicated', archive: 'archived', restore: 'restored', delete: 'deleted' }[action]}.`

/** Issue 15: the offer lists' search, order, views, empty states and the card's menu. */
export const offerListTexts = {
  searchLabel: 'Search headlines',
  sortLabel: 'Sort',
  orderings: { newest: 'Newest first', oldest: 'Oldest first' },
  viewLabel: 'Show',
  active: 'Active',
  archived: 'Archived',
  noArchived: 'No archived offers. Archive an offer from its ⋮ menu to hide it without losing its leads and orders.',
  noMatch: (search: string, archived: boolean) => `No ${archived ? 'archived ' : ''}offers match "${search}".`,
  moreActions: (headline: string | null) => `More actions for ${headline ?? 'Untitled'}`,
  deleteTitle: (headline: string | null) => `Delete "${headline ?? 'Untitled'}"?`,
  deleteText: 'It is removed for good. To hide it but keep it, archive it instead.',
  blockedTitle: (action: 'archive' | 'delete', headline: string | null) =>
    `"${headline ?? 'Untitled'}" can't be ${action === 'delete' ? 'deleted' : 'archived'} yet`,
  usedBy: (kindName: string, action: 'archive' | 'delete') =>
    `These free offers use this ${kindName}. Open each one, remove it there and save; then ${action} it.`,
} as const
