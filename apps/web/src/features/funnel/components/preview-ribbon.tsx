import Box from '@mui/material/Box'

/** A corner band telling the seller this page makes no calls and runs no pixels. */
export function PreviewRibbon() {
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        top: 18,
        right: -40,
        zIndex: (theme) => theme.zIndex.tooltip,
        width: 150,
        py: 0.5,
        transform: 'rotate(45deg)',
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        textAlign: 'center',
        fontSize: 14,
        fontWeight: 700,
        letterSpacing: 1,
        textTransform: 'uppercase',
        boxShadow: 3,
        pointerEvents: 'none',
      }}
    >
      Preview
    </Box>
  )
}
