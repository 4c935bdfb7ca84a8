import { leadListSchema, type OrderFilters } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiBaseUrl, apiClient } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { getAccessToken } from '../../../lib/token-storage'
import { filenameFromDisposition } from '../lib/content-disposition'
import { saveFile } from '../lib/save-file'

/** The two CSV exports: `/leads/export/` and `/orders/export/` (same filters; orders also by status). */
export type ReportKind = 'leads' | 'orders'
export type ReportExport = { blob: Blob; filename: string }

function exportUrl(kind: ReportKind, filters: OrderFilters): string {
  const url = new URL(`${apiBaseUrl}/${kind}/export/`, window.location.origin)
  for (const [key, value] of Object.entries(filters)) if (value) url.searchParams.set(key, value)
  return url.href
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text()
  let data: unknown = text || null
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      data = JSON.parse(text)
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return new ApiError(response.status, data)
}

async function download(kind: ReportKind, filters: OrderFilters): Promise<Response> {
  const headers = new Headers({ Accept: 'text/csv' })
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  try {
    return await fetch(exportUrl(kind, filters), { headers })
  } catch {
    throw new ApiError(0, null, 'The server could not be reached. Check your connection and try again.')
  }
}

/**
 * GET /leads/export/ or /orders/export/ — every row matching the filters as CSV. The API client
 * parses text and JSON only, so this one call reads a Blob itself, with the client's stored token.
 * On a 401 one cheap call through the client renews the session the usual way (the shared refresh,
 * or the log-in page when it has expired), then the download is tried once more.
 */
export async function exportReport(kind: ReportKind, filters: OrderFilters): Promise<ReportExport> {
  let response = await download(kind, filters)
  if (response.status === 401) {
    await apiClient.get('/leads/', { params: { page: 1, page_size: 1 }, schema: leadListSchema })
    response = await download(kind, filters)
  }
  if (!response.ok) throw await readError(response)
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('content-disposition'), `${kind}.csv`),
  }
}

/** Downloads an export and saves it as a file. */
export function useExportReport(kind: ReportKind) {
  return useMutation({
    mutationFn: (filters: OrderFilters) => exportReport(kind, filters),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
  })
}
