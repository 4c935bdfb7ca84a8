/**
 * The upsell's video_url as an embeddable player address. Sellers paste the page address they
 * see in their browser (watch?v=, youtu.be, shorts, vimeo.com/123); only YouTube and Vimeo are
 * embedded (the page's content policy allows exactly those players), anything else stays a link.
 */
export function videoEmbedUrl(videoUrl: string): string | null {
  let url: URL
  try {
    url = new URL(videoUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  const segments = url.pathname.split('/').filter(Boolean)

  const youtubeId = (() => {
    if (host === 'youtu.be') return segments[0]
    if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return undefined
    if (segments[0] === 'watch') return url.searchParams.get('v') ?? undefined
    if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') return segments[1]
    return undefined
  })()
  if (youtubeId !== undefined) {
    // The privacy-enhanced host sets no cookies until the visitor presses play.
    return /^[\w-]{6,20}$/.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null
  }

  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const rest = host === 'player.vimeo.com' && segments[0] === 'video' ? segments.slice(1) : segments
    const [id, hash] = rest
    if (!id || !/^\d+$/.test(id)) return null
    // Unlisted videos carry their privacy hash as a second path segment (or ?h= on the player).
    const privacyHash = hash && /^[\da-f]+$/i.test(hash) ? hash : url.searchParams.get('h')
    return `https://player.vimeo.com/video/${id}${privacyHash ? `?h=${encodeURIComponent(privacyHash)}` : ''}`
  }
  return null
}
