import { FunnelImage } from './funnel-image'

type OfferHeroProps = { image: string | null; headline: string; subHeadline: string | null }

/** The column on a phone (the screen less its padding), and at most 552 px on larger screens. */
export const columnImageSizes = '(max-width: 600px) calc(100vw - 32px), 552px'

/** Image, headline and sub headline: the first screen an ad visitor sees. */
export function OfferHero({ image, headline, subHeadline }: OfferHeroProps) {
  return (
    <div className="fy-hero">
      {/* A fixed 3:2 box the image fills: the text below never moves when it arrives. */}
      {image && <FunnelImage src={image} alt="" className="fy-hero-image" width={1200} height={800} sizes={columnImageSizes} priority />}
      <h1 className="fy-headline">{headline}</h1>
      {subHeadline && <p className="fy-sub">{subHeadline}</p>}
    </div>
  )
}
