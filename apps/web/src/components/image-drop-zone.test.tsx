import { messages } from '@funnelry/shared'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { ErrorCode } from 'react-dropzone'
import { describe, expect, it, vi } from 'vitest'
import { ImageDropZone, type ImageValue, rejectionMessage } from './image-drop-zone'

function Harness({
  initial = null,
  onChange,
  check,
}: {
  initial?: ImageValue
  onChange?: (value: ImageValue) => void
  check?: (file: File) => Promise<string | null>
}) {
  const [value, setValue] = useState<ImageValue>(initial)
  return (
    <ImageDropZone
      label="Logo"
      value={value}
      check={check}
      onChange={(next) => {
        setValue(next)
        onChange?.(next)
      }}
    />
  )
}

// Without applyAccept, user-event hands every file to the zone, as a drop would.
const setup = () => userEvent.setup({ applyAccept: false })
const file = (name: string, type: string) => new File(['bytes'], name, { type })

describe('ImageDropZone', () => {
  it('takes one PNG or JPEG and shows its preview and name', async () => {
    const onChange = vi.fn()
    const user = setup()
    render(<Harness onChange={onChange} />)

    await user.upload(screen.getByLabelText('Logo'), file('logo.jpg', 'image/jpeg'))

    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'logo.jpg' }))
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    expect(screen.getByText('logo.jpg')).toBeInTheDocument()
  })

  it('refuses other types naming the kinds it takes, in plain words', async () => {
    const onChange = vi.fn()
    const user = setup()
    render(<Harness onChange={onChange} />)

    await user.upload(screen.getByLabelText('Logo'), file('anim.gif', 'image/gif'))

    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a PNG or JPEG image.')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('with a check, refuses a file the check refuses (its message shown, the value kept) and takes one it passes', async () => {
    const onChange = vi.fn()
    const user = setup()
    const check = async (chosen: File) => (chosen.name === 'fake.png' ? 'Upload a PNG or JPEG image.' : null)
    render(<Harness onChange={onChange} check={check} />)

    await user.upload(screen.getByLabelText('Logo'), file('fake.png', 'image/png'))
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a PNG or JPEG image.')
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument()

    await user.upload(screen.getByLabelText('Logo'), file('logo.png', 'image/png'))
    expect(await screen.findByText('logo.png')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'logo.png' }))
  })

  it("takes the first of two dropped files and says 'Too many files' for the other", async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const zone = screen.getByRole('button', { name: 'Logo: Drag a PNG or JPEG here, or click to choose one' })

    const files = [file('a.png', 'image/png'), file('b.png', 'image/png')]
    const items = files.map((dropped) => ({ kind: 'file', type: dropped.type, getAsFile: () => dropped }))
    fireEvent.drop(zone, { dataTransfer: { files, items, types: ['Files'] } })

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many files')
    expect(onChange).toHaveBeenCalledWith(files[0])
  })

  it('shows the stored image and removes it', async () => {
    const onChange = vi.fn()
    const user = setup()
    render(<Harness initial="/media/logo.png" onChange={onChange} />)

    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/media/logo.png')
    // Beside the drop zone, not inside it: no button within a button (axe nested-interactive).
    const zone = screen.getByRole('button', { name: 'Logo: Drag a PNG or JPEG here, or click to choose one' })
    expect(zone).not.toContainElement(screen.getByRole('button', { name: 'Remove Logo' }))
    await user.click(screen.getByRole('button', { name: 'Remove Logo' }))

    expect(onChange).toHaveBeenCalledWith(null)
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument()
  })

  it("words the rejections: kinds a person knows for type, the library's for size and count, else 'File rejected. Please try again.'", () => {
    const rejected = (code: string, message: string) => [{ file: file('x', ''), errors: [{ code, message }] }]

    expect(rejectionMessage(rejected(ErrorCode.FileInvalidType, 'File type must be one of image/png, .png'))).toBe(
      'Upload a PNG or JPEG image.',
    )
    expect(rejectionMessage(rejected(ErrorCode.FileTooLarge, 'File is larger than 10 bytes'))).toBe('File is larger than 10 bytes')
    expect(rejectionMessage(rejected(ErrorCode.TooManyFiles, 'Too many files'))).toBe('Too many files')
    expect(rejectionMessage(rejected(ErrorCode.FileTooSmall, 'File is smaller than 1 byte'))).toBe(messages.fileRejected)
    expect(rejectionMessage([])).toBe(messages.fileRejected)
  })
})
