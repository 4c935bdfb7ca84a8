import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { usePixels } from '../api/get-pixels'
import { PixelList } from './pixel-list'

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
