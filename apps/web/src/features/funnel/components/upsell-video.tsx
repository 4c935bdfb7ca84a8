import { videoEmbedUrl } from '../lib/video-embed'

/** YouTube and Vimeo play inline (16:9); any other address is offered as a link. */
export function UpsellVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedUrl(url)
  if (!embed) {
    return (
      <div className="fy-center">
        <a href={url} target="_blank" rel="noopener noreferrer">
          Watch the video
        </a>
      </div>
    )
  }
  return (
    // The player is only created with the upsell view, and loads lazily even then.
    <div className="fy-video">
      <iframe
        src={embed}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    </div>
  )
}
