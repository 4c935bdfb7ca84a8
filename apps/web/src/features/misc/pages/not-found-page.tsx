import { Box, Button, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'

/** /404 (after a 404 response) and every unknown path. */
export default function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <div>
        <Typography component="p" color="primary" sx={{ fontSize: 32, fontWeight: 700, lineHeight: 1 }}>
          404
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 2 }}>
          Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you're looking for doesn't exist or has been moved.
        </Typography>
        <Button component={RouterLink} to={paths.login.href()} variant="contained">
          Go to Home
        </Button>
      </div>
    </Box>
  )
}
