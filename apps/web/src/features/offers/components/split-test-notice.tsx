import { Alert, AlertTitle } from '@mui/material'
import { useSplitExperiment } from '../api/split-tests'

/**
 * The offer form while a split test runs on the offer (issue 27). The server takes the edit as it
 * is: the original arm is read from the offer, so a save changes it at once, while each variant
 * keeps the content it was made with (docs/decisions/split-tests.md). The seller is told exactly
 * that before saving, since an original changed mid-test blurs what the test compares.
 */
export function SplitTestNotice({ offerId }: { offerId: string }) {
  const experiment = useSplitExperiment(offerId)
  if (experiment.data?.status !== 'running') return null
  return (
    <Alert severity="warning">
      <AlertTitle>A split test is running on this page</AlertTitle>
      Saving here changes the original page at once, for the visitors it gets in the test. The variants keep their own headline,
      sub-headline, button text, BUMP and OTO, and their own image if they have one; the logo, the download, the after-purchase offers, the
      page’s image on variants without one and switching the page off apply to every variant. Changing the original during the test mixes
      two versions into its results.
    </Alert>
  )
}
