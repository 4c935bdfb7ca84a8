import { imageSrcSet } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

type OfferHeroProps = { image: string | null; headline: string; subHeadline: string | null }

/** Image, headline and sub headline: the first screen an ad visitor sees. */
export function OfferHero({ image, headline, subHeadline }: OfferHeroProps) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      {image && (
        <Box
          component="img"
          src={image}
          srcSet={imageSrcSet(image) ?? undefined}
          // The column is the screen less its padding on a phone, 552 px at most.
          sizes="(max-width: 600px) calc(100vw - 32px), 552px"
          // A fixed 3:2 box the image fills: the text below never moves when it arrives.
          width={1200}
          height={800}
          alt=""
          // The largest element of the first screen: fetch it before anything else.
          fetchPriority="high"
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '3 / 2',
            objectFit: 'cover',
            borderRadius: 3,
            boxShadow: 3,
            mb: 3,
          }}
        />
      )}
      <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 32 }, fontWeight: 800, lineHeight: 1.2, letterSpacing: -0.3 }}>
        {headline}
      </Typography>
      {subHeadline && (
        <Typography component="p" color="text.secondary" sx={{ mt: 1.5, fontSize: { xs: 16, sm: 20 }, lineHeight: 1.5 }}>
          {subHeadline}
        </Typography>
      )}
    </Box>
  )
}
