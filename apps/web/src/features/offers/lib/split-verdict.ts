import type { SplitExperiment } from '@funnelry/shared'

type Variant = SplitExperiment['variants'][number]

/** The chance at which a variant is called better than the original (GrowthBook's default, 95%). */
export const decisiveChance = 0.95
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

const challengers = (experiment: SplitExperiment) =>
  experiment.variants.filter((variant): variant is Variant & { chance_to_beat_control: number } => variant.chance_to_beat_control !== null)

const listed = (names: string[]) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/**
 * With 3 or 4 arms more than one variant can beat the original. Each is compared with the original
 * only (as GrowthBook does), so the sentence names the highest revenue per visitor without calling
 * it better than the other winners.
 */
function severalWinners(winners: (Variant & { chance_to_beat_control: number })[]): string {
  const top = [...winners].sort((a, b) => Number(b.revenue_per_visitor) - Number(a.revenue_per_visitor))[0]
  const chances = listed(winners.map((variant) => percent(variant.chance_to_beat_control)))
  return `${listed(winners.map((variant) => variant.name))} each earn more per visitor than the original (chances to beat it: ${chances}). ${top?.name} earns the most per visitor so far; the test compares each variant with the original, not with each other.`
}

/** Once the verdict is ready: what the numbers say in one sentence, and whether it settles the test (null before). */
export function verdictSentence(experiment: SplitExperiment): { text: string; settled: boolean } | null {
  if (experiment.verdict !== 'ready') return null
  const best = challengers(experiment).sort((a, b) => b.chance_to_beat_control - a.chance_to_beat_control)[0]
  if (!best) {
    // A variant is judged by how much more it earns per visitor than the original, as a share of
    // the original's: with nothing earned on the original there is nothing to compare against yet.
    const original = experiment.variants.find((variant) => variant.is_control)
    if (original && Number(original.revenue_per_visitor) === 0)
      return {
        text: 'No verdict yet: the original page has earned nothing so far, and each variant is judged by how much more it earns per visitor than the original. Let the test run until the original has sales too.',
        settled: false,
      }
    return null
  }
  const chance = percent(best.chance_to_beat_control)
  const winners = challengers(experiment).filter((variant) => variant.chance_to_beat_control >= decisiveChance)
  if (winners.length > 1) return { text: severalWinners(winners), settled: true }
  if (best.chance_to_beat_control >= decisiveChance)
    return {
      text: `${best.name} earns more per visitor than the original, with a ${chance} chance to beat it: a clear winner.`,
      settled: true,
    }
  if (best.chance_to_beat_control <= 1 - decisiveChance)
    return { text: `The original earns more per visitor: no variant has more than a ${chance} chance to beat it.`, settled: true }
  return {
    text: `No clear winner yet: ${best.name} has a ${chance} chance to beat the original (a clear winner needs ${percent(decisiveChance)}). More visitors give a clearer answer.`,
    settled: false,
  }
}

/** Said before a page is picked when the numbers do not back that choice (null when they do). */
export function pickCaution(experiment: SplitExperiment, picked: Variant): string | null {
  if (experiment.verdict === 'hidden') return 'Careful: visitors are not split as the weights say, so these results cannot be trusted.'
  if (experiment.verdict === 'inconclusive')
    return 'Careful: the test has not run its minimum yet, so the difference between the pages may be chance.'
  if (picked.chance_to_beat_control === null) {
    const better = challengers(experiment).find((variant) => variant.chance_to_beat_control >= decisiveChance)
    return better ? `Careful: ${better.name} very likely earns more per visitor than the original.` : null
  }
  if (picked.chance_to_beat_control < decisiveChance)
    return `Careful: ${picked.name} has only a ${percent(picked.chance_to_beat_control)} chance to beat the original.`
  const earnsMore = challengers(experiment).find(
    (variant) =>
      variant.chance_to_beat_control >= decisiveChance && Number(variant.revenue_per_visitor) > Number(picked.revenue_per_visitor),
  )
  return earnsMore ? `Note: ${earnsMore.name} also beats the original and earns more per visitor so far.` : null
}
