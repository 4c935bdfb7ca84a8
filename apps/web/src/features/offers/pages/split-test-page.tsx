import { type FreeOffer, messages, type SplitExperiment, splitTestMessages } from '@funnelry/shared'
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { paths } from '../../../config/paths'
import { detailMessage, isApiError } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useFreeOffer } from '../api/get-free-offer'
import { usePickWinner, useSplitExperiment, useSplitHistory } from '../api/split-tests'
import { OfferLoader } from '../components/offer-loader'
import { RevenuePerVisitorPlot } from '../components/revenue-per-visitor-plot'
import { runningTestAnchor } from '../components/split-already-running'
import { SplitResultsTable } from '../components/split-results-table'
import { SplitTestForm } from '../components/split-test-form'
import { pastTestsAnchor, SplitTestHistory } from '../components/split-test-history'
import { pickCaution, verdictSentence } from '../lib/split-verdict'

/** The server's 409 when the test was ended meanwhile (another tab picked a winner): the shared text is the contract. */
const isAlreadyEnded = (error: unknown) =>
  isApiError(error) && error.status === 409 && detailMessage(error) === splitTestMessages.alreadyEnded

/** Issue 27: a free offer's split test: start one, read its results, keep the page that earns more. */
export default function SplitTestPage() {
  const { id = '' } = useParams()
  const offer = useFreeOffer(id)
  return <OfferLoader query={offer}>{(loaded) => <SplitTestScreen offer={loaded} />}</OfferLoader>
}

function SplitTestScreen({ offer }: { offer: FreeOffer }) {
  const experiment = useSplitExperiment(offer.id)
  const history = useSplitHistory(offer.id)
  const running = experiment.data?.status === 'running'
  // The test shown above (running, else the latest) is not repeated among the past ones.
  const past = (history.data ?? []).filter((test) => test.id !== experiment.data?.id)
  const variantsOf = (test: SplitExperiment) => test.variants.filter((variant) => !variant.is_control).length
  // New variants are named on from every variant the offer's tests had, a running one's included.
  const usedVariants = (history.data ?? []).reduce((sum, test) => sum + variantsOf(test), 0)
  const takenVariants = usedVariants + (running && experiment.data ? variantsOf(experiment.data) : 0)
  // The test the form starts comes after the latest one: its number names its original (shared splitOriginalName).
  const testNumber = (experiment.data?.number ?? 0) + 1
  // Its fields start from the page; a picked winner rewrote the page, so a new page is a fresh form...
  const pageKey = `${offer.headline}\n${offer.sub_headline}\n${offer.opt_in_button}\n${usedVariants}`
  // ...unless the form holds variants whose start was refused because another tab started a test:
  // it then stays, under the key it had, until its own test starts, so nothing the seller typed is lost.
  const [heldKey, setHeldKey] = useState<string | null>(null)
  const showForm = experiment.isSuccess && history.isSuccess && (!running || heldKey !== null)
  return (
    <Box sx={{ maxWidth: 1080 }}>
      <Button component={RouterLink} to={paths.dashboard.editFreeOffer.href(offer.id)} sx={{ mb: 1 }}>
        Back to the offer
      </Button>
      <Typography variant="h3" component="h1" gutterBottom>
        {experiment.data ? 'Split test' : 'Start a split test'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: past.length > 0 ? 1 : 3 }}>
        {offer.headline}
      </Typography>
      {past.length > 0 && (
        <Typography sx={{ mb: 3 }}>
          <Link href={`#${pastTestsAnchor}`}>
            {past.length === 1 ? 'See the past test' : `See the ${past.length} past tests`} (dates, winner, final results)
          </Link>
        </Typography>
      )}
      {experiment.data && <SplitResults offer={offer} experiment={experiment.data} />}
      {showForm && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            {running ? 'Your variants (not started)' : experiment.data ? 'Start a new split test' : 'Your variants'}
          </Typography>
          <SplitTestForm
            key={heldKey ?? pageKey}
            offer={offer}
            firstVariant={takenVariants}
            testNumber={testNumber}
            onAlreadyRunning={() => setHeldKey(heldKey ?? pageKey)}
            onStarted={() => setHeldKey(null)}
          />
        </Paper>
      )}
      <SplitTestHistory tests={past} />
    </Box>
  )
}

function SplitResults({ offer, experiment }: { offer: FreeOffer; experiment: SplitExperiment }) {
  const pick = usePickWinner(offer.id)
  // Picking a winner ends the test and rewrites the live page, so it is asked first (like a refund).
  const [asking, setAsking] = useState<SplitExperiment['variants'][number] | null>(null)
  // The test whose winner another tab picked before this one (its id: a test started later is not it).
  const [endedElsewhere, setEndedElsewhere] = useState<string | null>(null)
  const confirmPick = () => {
    if (!asking) return
    const variantId = asking.id
    setAsking(null)
    pick.mutate(variantId, {
      onSuccess: () => toast('The split test has ended: this variant is now the page.', 'success'),
      onError: (error) => {
        // Another tab picked a winner first: the test is refetched (the ended view replaces the
        // results and their buttons) and the notice stays above it, not in a toast that goes.
        if (isAlreadyEnded(error)) setEndedElsewhere(experiment.id)
        else toast(detailMessage(error) ?? messages.somethingWentWrong, 'error')
      },
    })
  }
  const winner = experiment.variants.find((variant) => variant.id === experiment.winner_variant_id)
  const verdict = experiment.status === 'running' ? verdictSentence(experiment) : null
  const caution = asking ? pickCaution(experiment, asking) : null
  return (
    // Its top clears the sticky app bar when a link leads here.
    <Paper
      id={experiment.status === 'running' ? runningTestAnchor : undefined}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 88 }}
    >
      <Stack spacing={2}>
        <Typography variant="h4" component="h2">
          {experiment.status === 'running' ? 'Results so far' : `Ended: ${winner?.name ?? 'a variant'} is the page`}
        </Typography>
        {endedElsewhere === experiment.id && <Alert severity="info">{splitTestMessages.alreadyEnded}</Alert>}
        {experiment.srm_warning && (
          <Alert severity="warning">
            The visitors are not split as the weights say: a split this far off comes by chance less than once in a thousand tests (a sample
            ratio mismatch). Something sends visitors to one page more than the others, so the results cannot be trusted and no verdict is
            shown.
          </Alert>
        )}
        {experiment.status === 'running' && experiment.verdict === 'inconclusive' && (
          <Alert severity="info">
            Inconclusive: the test runs at least {experiment.minimum_days} {experiment.minimum_days === 1 ? 'day' : 'days'} and{' '}
            {experiment.minimum_visitors} {experiment.minimum_visitors === 1 ? 'visitor' : 'visitors'} per variant before it gives a
            verdict.
          </Alert>
        )}
        {verdict && <Alert severity={verdict.settled ? 'success' : 'info'}>{verdict.text}</Alert>}
        <Typography variant="body2" color="text.secondary">
          Variants are judged on revenue per visitor: everything a visitor paid (BUMP and OTO included), visitors who bought nothing
          counting as 0. “Chance to beat control” is how likely the variant earns more per visitor than the original; “expected loss” is how
          much of the original’s revenue per visitor you would lose on average by choosing it.
        </Typography>
        <SplitResultsTable
          experiment={experiment}
          onPick={(variantId) => setAsking(experiment.variants.find((variant) => variant.id === variantId) ?? null)}
          picking={pick.isPending}
        />
        <Typography variant="h5" component="h3">
          Revenue per visitor over time
        </Typography>
        <RevenuePerVisitorPlot experiment={experiment} />
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={`Make ${asking?.name ?? ''} the page?`}
        text={`${caution ? `${caution} ` : ''}This ends the split test and makes ${asking?.name ?? ''} the page every visitor sees. The test cannot be restarted; you can start a new one.`}
        confirmLabel="Make it the page"
        onConfirm={confirmPick}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  )
}
