import ContentCopy from '@mui/icons-material/ContentCopy'
import { IconButton, type IconButtonProps, Tooltip } from '@mui/material'
import { toast } from '../lib/toast'

type CopyButtonProps = Omit<IconButtonProps, 'onClick' | 'aria-label'> & {
  /** The text put on the clipboard. */
  text: string
  /** What the button copies, for its accessible name and tooltip: "Copy signing secret". */
  label: string
  /** The toast after a successful copy. */
  copiedMessage?: string
}

/** An icon button that copies `text` and says so in a toast (the clipboard needs a secure context). */
export function CopyButton({ text, label, copiedMessage = 'Copied to the clipboard.', ...props }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      toast('Copying is not available here. Select the text and copy it instead.', 'error')
      return
    }
    toast(copiedMessage, 'success')
  }

  return (
    <Tooltip title={label}>
      <IconButton {...props} aria-label={label} onClick={() => void copy()}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Tooltip>
  )
}
