import { currencySymbol, formatMoney, type SplitExperiment } from '@funnelry/shared'

const countFormat = new Intl.NumberFormat(undefined)
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** One variant's figures, written once for the wide table and the phone cards. */
export type SplitResultRow = {
  id: string
  name: string
  previewUrl: string
  winner: boolean
  /** Said after the winner's name: it is the page now, or (a past test's) it won then. */
  note: string
  figures: { label: string; value: string }[]
}

/**
 * Decision D36: per variant the counts, revenue per visitor, chance to beat control and expected
 * loss. Before the verdict is ready (minimum run, SRM) the two last figures read "Inconclusive" or
 * "Hidden"; the control has none ("—").
 */
export function splitResultRows(experiment: SplitExperiment, past = false): SplitResultRow[] {
  const symbol = currencySymbol(experiment.currency)
  const pending = experiment.verdict === 'hidden' ? 'Hidden' : 'Inconclusive'
  return experiment.variants.map((variant) => {
    const verdict = (value: number | null) =>
      variant.is_control ? '—' : experiment.verdict !== 'ready' ? pending : value === null ? 'Inconclusive' : percent(value)
    return {
      id: variant.id,
      name: variant.name,
      previewUrl: variant.preview_url,
      winner: experiment.winner_variant_id === variant.id,
      note: experiment.winner_variant_id !== variant.id ? '' : past ? ' (winner)' : ' (the page now)',
      figures: [
        { label: 'Visitors', value: countFormat.format(variant.visitors) },
        { label: 'Opt-ins', value: countFormat.format(variant.opt_ins) },
        { label: 'Paying orders', value: countFormat.format(variant.orders) },
        { label: 'Revenue', value: formatMoney(symbol, variant.revenue) },
        { label: 'Revenue per visitor', value: formatMoney(symbol, variant.revenue_per_visitor) },
        { label: 'Chance to beat control', value: verdict(variant.chance_to_beat_control) },
        { label: 'Expected loss', value: verdict(variant.expected_loss) },
      ],
    }
  })
}
