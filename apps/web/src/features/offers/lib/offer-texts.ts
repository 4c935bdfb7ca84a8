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
