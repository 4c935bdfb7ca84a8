/** A file part for `multipart()`: bytes, the name the client claims, and its declared type. */
export type FilePart = { bytes: Uint8Array; filename: string; contentType?: string }

export type FormFields = Record<string, string | FilePart>

/**
 * A real multipart/form-data body, encoded by the platform's FormData (as a browser would), for
 * `app.inject({ payload, headers })`.
 */
export async function multipart(fields: FormFields): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([value.bytes], { type: value.contentType ?? 'application/octet-stream' }), value.filename)
  }
  const encoded = new Response(form)
  const contentType = encoded.headers.get('content-type')
  if (!contentType) throw new Error('FormData gave no content type')
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } }
}
