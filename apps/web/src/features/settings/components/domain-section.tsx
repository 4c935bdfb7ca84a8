import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { webAppConfig } from '../../../config/web-app-config'
import { useDomainSettings } from '../api/get-domain-settings'
import { DomainForm } from './domain-form'

export function DomainSection({ userId }: { userId: string }) {
  const query = useDomainSettings(userId)
  return (
    <SettingsSection
      title="Custom Domain"
      description={`Serve your public offer pages from your own domain. Until it is verified they are served at ${webAppConfig().pages_url}.`}
    >
      <SectionQuery query={query} what="custom domain">
        {(settings) => <DomainForm userId={userId} settings={settings} />}
      </SectionQuery>
    </SettingsSection>
  )
}
