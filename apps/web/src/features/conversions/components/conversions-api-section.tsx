import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { useConversionSettings } from '../api/get-conversion-settings'
import { ConversionsApiForm } from './conversions-api-form'

/** Settings → Conversions API: server-side events to Meta and GA4 with the browser's event ids. */
export function ConversionsApiSection() {
  const query = useConversionSettings()
  return (
    <SettingsSection
      title="Conversions API"
      description="Each lead and sale is also sent from our server to Meta and Google Analytics, with the same event ids as your pixels, so ad blockers no longer hide conversions and none is counted twice."
    >
      <SectionQuery query={query} what="conversions API settings">
        {(settings) => <ConversionsApiForm settings={settings} />}
      </SectionQuery>
    </SettingsSection>
  )
}
