import { LinearProgress } from '@mui/material'

/** A thin bar at the top while a screen's code arrives (screens are loaded on demand). */
export function PageLoading() {
  return <LinearProgress aria-label="Loading" sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />
}
