import Search from '@mui/icons-material/Search'
import { InputAdornment, TextField } from '@mui/material'
import { useEffect, useEffectEvent, useState } from 'react'

type SearchFieldProps = {
  label: string
  /** The search in effect (the URL's). */
  value: string
  /** Called with the trimmed text once typing pauses for `delay` ms. */
  onSearch: (value: string) => void
  delay?: number
  /** The most the API takes. */
  maxLength?: number
}

export const searchDelay = 400

/**
 * A search box that searches as the seller types, once typing pauses, so one word is one request
 * rather than one a letter. The text follows `value` when it changes elsewhere (back button).
 */
export function SearchField({ label, value, onSearch, delay = searchDelay, maxLength = 200 }: SearchFieldProps) {
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  // The URL changed without this field (back button, a link): show its search. A change this
  // field made matches the text already, so what is being typed is never replaced.
  if (value !== shown) {
    setShown(value)
    if (value !== text.trim()) setText(value)
  }

  const search = useEffectEvent((next: string) => onSearch(next))
  useEffect(() => {
    const next = text.trim()
    if (next === value) return
    const timer = setTimeout(() => search(next), delay)
    return () => clearTimeout(timer)
  }, [text, value, delay])

  return (
    <TextField
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      size="small"
      autoComplete="off"
      slotProps={{
        htmlInput: { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { sm: 240 } }}
    />
  )
}
