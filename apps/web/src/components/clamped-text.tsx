import { Typography, type TypographyProps } from '@mui/material'

/** Text cut to `lines` lines with an ellipsis (spec section 2: headlines 2, descriptions 3); the full text stays in the title. */
export function ClampedText({ lines, children, sx, ...props }: TypographyProps & { lines: number; children: string }) {
  return (
    <Typography
      {...props}
      title={children}
      sx={[
        {
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: lines,
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Typography>
  )
}
