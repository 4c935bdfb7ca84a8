import Science from '@mui/icons-material/Science'
import { Button } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { useSplitExperiment } from '../api/split-tests'

/**
 * The one way from a free offer to its split test (issue 27). It sits in the edit page's header,
 * where sellers look for what they can do with the page: at the foot of the long form nobody found it.
 */
export function SplitTestEntry({ offerId }: { offerId: string }) {
  const experiment = useSplitExperiment(offerId)
  return (
    <Button
      component={RouterLink}
      to={paths.dashboard.splitTest.href(offerId)}
      variant="outlined"
      startIcon={<Science />}
      sx={{ minHeight: 44, flexShrink: 0 }}
    >
      {experiment.data?.status === 'running' ? 'Split test results' : 'Start a split test'}
    </Button>
  )
}
