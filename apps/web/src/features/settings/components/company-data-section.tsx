import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { useStoreSettings } from '../api/get-store-settings'
import { CompanyDataForm } from './company-data-form'

export function CompanyDataSection({ userId }: { userId: string }) {
  // The same query as the webhook section: one request serves both.
  const query = useStoreSettings(userId)
  return (
    <SettingsSection title="Company Data" description="Links shown in the footer of your public offer pages. Each one is optional.">
      <SectionQuery query={query} what="company data">
        {(settings) => <CompanyDataForm userId={userId} settings={settings} />}
      </SectionQuery>
    </SettingsSection>
  )
}
