import { Box, Button, Typography } from '@mui/material'
import { isRouteErrorResponse, useRouteError } from 'react-router'

/** Shown when a screen fails to load or render (for example after a deploy replaced its chunk). */
export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? error.statusText : 'This page could not be shown.'
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  )
}
