import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { videoEmbedUrl } from '../lib/video-embed'

/** YouTube and Vimeo play inline (16:9); any other address is offered as a link. */
export function UpsellVideo({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedUrl(url)
  if (!embed) {
    return (
      <Box sx={{ textAlign: 'center' }}>
        <Link href={url} target="_blank" rel="noopener noreferrer">
          Watch the video
        </Link>
      </Box>
    )
  }
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 3, overflow: 'hidden', boxShadow: 3, bgcolor: 'common.black' }}>
      <Box
        component="iframe"
        src={embed}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  )
}
