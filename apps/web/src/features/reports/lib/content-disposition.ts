/**
 * The file name of a `content-disposition` header: `filename*=UTF-8''…` (RFC 6266) before a plain
 * `filename="…"`; `fallback` when there is none. Path separators are dropped so the name stays a name.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  let name: string | undefined
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim())
    } catch {
      name = undefined
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/
    .exec(header)
    ?.slice(1)
    .find((part) => part !== undefined)
  const clean = name?.replaceAll(/\\(.)/g, '$1').replaceAll(/[/\\]/g, '_').trim()
  return clean ? clean : fallback
}
