import type { SplitExperiment } from '@funnelry/shared'

/**
 * A split test as `GET /free-product/<id>/experiment/` answers it (decision D36): running since
 * 2026-11-01, not yet past its minimum run, no arms and no series until a test gives them.
 */
export function splitExperiment(overrides: Partial<SplitExperiment> = {}): SplitExperiment {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    number: 1,
    status: 'running',
    started_at: '2026-11-01T10:00:00.000Z',
    ended_at: null,
    winner_variant_id: null,
    minimum_days: 14,
    minimum_visitors: 200,
    minimum_reached: false,
    verdict: 'inconclusive',
    currency: 1,
    variants: [],
    srm_p_value: null,
    srm_warning: false,
    series: [],
    ...overrides,
  }
}
