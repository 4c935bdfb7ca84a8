import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

/** A failed read that is not a 404 (offline, server trouble): say so and let the visitor retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main" sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          This page could not be loaded
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check your connection and try again.
        </Typography>
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Box>
  )
}
