import { messages, offerMessages } from '@funnelry/shared'
import CloseIcon from '@mui/icons-material/Close'
import ImageOutlined from '@mui/icons-material/ImageOutlined'
import { Box, FormHelperText, IconButton, Typography } from '@mui/material'
import { useEffect, useId, useState } from 'react'
import { ErrorCode, type FileError, useDropzone } from 'react-dropzone'

/** An image field's value: a newly chosen file, the URL of the stored image, or none. */
export type ImageValue = File | string | null

/** Spec section 5: PNG and JPEG only, one file; no maximum size in the browser (decision D12: the server has one). */
const accept = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] }

/** The library's own words for size and count; anything else the spec names not gets the generic text. */
const libraryMessages: readonly string[] = [ErrorCode.FileTooLarge, ErrorCode.TooManyFiles]

/**
 * A wrong type names the kinds a person knows, the server's own words, instead of the library's
 * list of MIME types ('File type must be one of image/png, .png, ...'): decision 0020.
 */
export function rejectionMessage(rejections: readonly { errors: readonly FileError[] }[]): string {
  const error = rejections[0]?.errors[0]
  if (error?.code === ErrorCode.FileInvalidType) return offerMessages.imageType
  return error && libraryMessages.includes(error.code) ? error.message : messages.fileRejected
}

/** An object URL for a chosen file's preview, revoked when the file changes or the zone goes away. */
function usePreviewUrl(value: ImageValue): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!(value instanceof File)) return
    const url = URL.createObjectURL(value)
    setObjectUrl(url)
    return () => {
      URL.revokeObjectURL(url)
      setObjectUrl(null)
    }
  }, [value])
  return value instanceof File ? objectUrl : value
}

type ImageDropZoneProps = {
  label: string
  value: ImageValue
  onChange: (value: ImageValue) => void
  onBlur?: () => void
  disabled?: boolean
  /** A message from outside, e.g. the server's field error. */
  error?: string
  name?: string
  /**
   * Checks a chosen file before it is taken (e.g. that it decodes as a picture): a message refuses
   * it, shown under the zone, and the value stays as it was.
   */
  check?: (file: File) => Promise<string | null>
}

/** Drop or pick one PNG/JPEG; shows the stored image or the chosen file, with a remove button. */
export function ImageDropZone({ label, value, onChange, onBlur, disabled = false, error, name, check }: ImageDropZoneProps) {
  const [rejected, setRejected] = useState<string | null>(null)
  const preview = usePreviewUrl(value)
  const helperId = useId()
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple: false,
    maxFiles: 1,
    disabled,
    // Of several files the first is taken and the rest refused ('Too many files'): both are shown.
    onDrop: async ([file], rejections) => {
      const refused = rejections.length > 0 ? rejectionMessage(rejections) : null
      const problem = file && check ? await check(file) : null
      setRejected(problem ?? refused)
      if (file && !problem) onChange(file)
    },
  })
  const message = rejected ?? error
  // Shown in the zone, and so part of its accessible name (axe label-content-name-mismatch).
  const instruction = isDragActive ? 'Drop the image here' : 'Drag a PNG or JPEG here, or click to choose one'
  const fileName = value instanceof File ? value.name : null

  return (
    <Box>
      {/* The remove button sits beside the drop zone, over its corner: a button inside role=button
          would be nested interactive content (axe), and its click would open the file dialog. */}
      <Box sx={{ position: 'relative' }}>
        {/* The file input too sits outside the role=button box (a focusable input inside it is
            nested interactive content); the zone still opens it on click and Enter. */}
        <input {...getInputProps({ name, 'aria-label': label, 'aria-describedby': message ? helperId : undefined })} />
        <Box
          // The focusable box is what a keyboard or screen reader reaches: it needs a role and a name.
          {...getRootProps({
            onBlur,
            role: 'button',
            'aria-label': `${label}: ${instruction}`,
            'aria-describedby': message ? helperId : undefined,
          })}
          sx={{
            position: 'relative',
            // The box keeps its size with or without an image, so the form never jumps.
            aspectRatio: '16 / 9',
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 2,
            borderColor: message ? 'error.main' : isDragActive ? 'primary.main' : 'divider',
            bgcolor: isDragActive ? 'action.hover' : 'background.paper',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            cursor: disabled ? 'default' : 'pointer',
            opacity: disabled ? 0.5 : 1,
            outline: 'none',
            '&:focus-visible': { borderColor: 'primary.main' },
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          ) : (
            <Box sx={{ textAlign: 'center', px: 2, color: 'text.secondary' }}>
              <ImageOutlined fontSize="large" />
              <Typography variant="body2">{instruction}</Typography>
            </Box>
          )}
        </Box>
        {value !== null && !disabled && (
          <IconButton
            aria-label={`Remove ${label}`}
            title={`Remove ${label}`}
            size="small"
            onClick={() => {
              setRejected(null)
              onChange(null)
            }}
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {fileName && !message && <FormHelperText>{fileName}</FormHelperText>}
      {message && (
        <FormHelperText id={helperId} error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  )
}
