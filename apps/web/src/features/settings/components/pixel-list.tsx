import type { Pixel } from '@funnelry/shared'
import Add from '@mui/icons-material/Add'
import { Button, Divider, Stack, Typography } from '@mui/material'
import { Fragment, useRef, useState } from 'react'
import { PixelEntry } from './pixel-entry'

/**
 * The stored pixels, then the new entries not saved yet. A new entry that is saved leaves the
 * drafts and comes back as a stored pixel (the list's cache gets the created one).
 */
export function PixelList({ pixels }: { pixels: Pixel[] }) {
  const nextDraftId = useRef(0)
  const [drafts, setDrafts] = useState<number[]>([])
  const addDraft = () => {
    nextDraftId.current += 1
    const id = nextDraftId.current
    setDrafts((current) => [...current, id])
  }
  const dropDraft = (id: number) => setDrafts((current) => current.filter((draft) => draft !== id))

  const entries = [
    ...pixels.map((pixel, index) => ({ key: pixel.id, node: <PixelEntry pixel={pixel} label={`Pixel ${index + 1}`} /> })),
    ...drafts.map((id) => ({ key: `draft-${id}`, node: <PixelEntry label="New pixel" onDone={() => dropDraft(id)} /> })),
  ]

  return (
    <Stack spacing={2.5}>
      {entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No pixels yet.
        </Typography>
      )}
      {entries.map((entry, index) => (
        <Fragment key={entry.key}>
          {index > 0 && <Divider />}
          {entry.node}
        </Fragment>
      ))}
      <Button variant="outlined" startIcon={<Add />} onClick={addDraft} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        Add Pixel
      </Button>
    </Stack>
  )
}
