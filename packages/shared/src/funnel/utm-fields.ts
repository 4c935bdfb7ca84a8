/*
 * Decision D37: the campaign fields ad platforms put on their links. No schema library here: the
 * public pages import this file alone.
 */
export const utmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'fbclid', 'gclid'] as const
export type UtmField = (typeof utmFields)[number]

/** Longer values are cut: click ids are about 100 characters, campaign names far less. */
export const utmValueMaxLength = 200
