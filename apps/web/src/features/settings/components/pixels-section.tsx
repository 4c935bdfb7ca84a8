import { usePixels } from '../api/get-pixels'
import { PixelList } from './pixel-list'
import { SectionQuery } from './section-query'
import { SettingsSection } from './settings-section'

export function PixelsSection() {
  const query = usePixels()
  return (
    <SettingsSection
      title="Advertising Pixels"
      description="Facebook and Google scripts that run on your public offer pages (never in previews or the dashboard)."
    >
      <SectionQuery query={query} what="advertising pixels">
        {(pixels) => <PixelList pixels={pixels} />}
      </SectionQuery>
    </SettingsSection>
  )
}
