import ImageOutlined from '@mui/icons-material/ImageOutlined'
import { Box } from '@mui/material'

/**
 * A card's picture, or a placeholder when there is none. The 16:9 box is reserved before the
 * image arrives, so cards never jump while images load.
 */
export function CardImage({ src, alt }: { src: string | null; alt: string }) {
  return (
    <Box
      sx={{
        aspectRatio: '16 / 9',
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          // Contain, never cover: a thumbnail shows the whole picture, text and all (issue 15).
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <ImageOutlined titleAccess="No image" sx={{ fontSize: 48, color: 'grey.400' }} />
      )}
    </Box>
  )
}
