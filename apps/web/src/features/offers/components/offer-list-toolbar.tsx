import { maxOfferSearchLength, type OfferOrdering, offerOrderings } from '@funnelry/shared'
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material'
import { SearchField } from '../../../components/search-field'
import type { OfferListFilterName, OfferListFilters } from '../lib/offer-list-params'
import { offerListTexts } from '../lib/offer-texts'

type OfferListToolbarProps = {
  filters: OfferListFilters
  setFilter: (name: OfferListFilterName, value: string) => void
}

/**
 * Active/Archived, a search in the headlines and the order (docs/decisions/0021's list
 * parameters), all kept in the URL. Stacked on a phone; every control at least 44 px high.
 */
export function OfferListToolbar({ filters, setFilter }: OfferListToolbarProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' }, '& .MuiInputBase-root': { minHeight: 44 } }}
    >
      <ToggleButtonGroup
        exclusive
        aria-label={offerListTexts.viewLabel}
        value={filters.archived ? 'true' : 'false'}
        // A click on the view already shown answers null: it stays.
        onChange={(_, value: string | null) => value !== null && setFilter('archived', value)}
        // The theme's default grey for the view not shown is below the contrast axe asks of text.
        sx={{
          '& .MuiToggleButton-root': { minHeight: 44, px: 2, flexGrow: { xs: 1, sm: 0 }, color: 'text.primary' },
          '& .MuiToggleButton-root.Mui-selected': { color: 'primary.main' },
        }}
      >
        <ToggleButton value="false">{offerListTexts.active}</ToggleButton>
        <ToggleButton value="true">{offerListTexts.archived}</ToggleButton>
      </ToggleButtonGroup>
      <Stack role="search" direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexGrow: 1 }}>
        <SearchField
          label={offerListTexts.searchLabel}
          value={filters.search}
          maxLength={maxOfferSearchLength}
          onSearch={(value) => setFilter('search', value)}
        />
        <TextField
          select
          size="small"
          label={offerListTexts.sortLabel}
          value={filters.ordering}
          onChange={(event) => setFilter('ordering', event.target.value)}
          sx={{ minWidth: { sm: 180 } }}
        >
          {offerOrderings.map((ordering: OfferOrdering) => (
            <MenuItem key={ordering} value={ordering} sx={{ minHeight: 44 }}>
              {offerListTexts.orderings[ordering]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  )
}
