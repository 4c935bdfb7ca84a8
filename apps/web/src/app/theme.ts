import { createTheme } from '@mui/material/styles'

/**
 * The spec's theme: purple primary, black and light grey secondary, red error, a sans-serif
 * font, and the font sizes 32/28/24/20/16/14. Tooltip timings are the spec's constants.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#6a1b9a' },
    secondary: { main: '#000000', light: '#f5f5f5', contrastText: '#ffffff' },
    error: { main: '#d32f2f' },
    background: { default: '#f5f5f5' },
  },
  typography: {
    fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: 32, fontWeight: 700 },
    h2: { fontSize: 28, fontWeight: 700 },
    h3: { fontSize: 24, fontWeight: 600 },
    h4: { fontSize: 20, fontWeight: 600 },
    h5: { fontSize: 16, fontWeight: 600 },
    h6: { fontSize: 14, fontWeight: 600 },
    body1: { fontSize: 16 },
    body2: { fontSize: 14 },
    subtitle1: { fontSize: 16 },
    subtitle2: { fontSize: 14 },
    caption: { fontSize: 14 },
    overline: { fontSize: 14 },
    button: { fontSize: 14, textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  // Everything MUI sizes on its own (helper text, small and large buttons, chips, tooltips) is put
  // on the spec's scale too.
  components: {
    MuiTooltip: {
      defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500, arrow: true },
      styleOverrides: { tooltip: { maxWidth: 300, fontSize: 14 } },
    },
    MuiButton: { styleOverrides: { sizeSmall: { fontSize: 14 }, sizeMedium: { fontSize: 14 }, sizeLarge: { fontSize: 16 } } },
    MuiFormHelperText: { styleOverrides: { root: { fontSize: 14 } } },
    // A disabled label is greyed but stays readable (4.5:1 on white and on the page's grey): an
    // optional field the seller hid ('Show' unchecked) is kept, not deleted, and its label is not
    // always tied to a disabled input, so axe checks its contrast (issue 15).
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: '#707070' } } } },
    MuiChip: { styleOverrides: { label: { fontSize: 14 } } },
  },
})
