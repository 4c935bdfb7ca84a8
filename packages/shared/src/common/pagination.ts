import { z } from 'zod'

/** Decision D6: 12 cards a page divides the 1/2/3/4-column grid; the server accepts up to 100. */
export const defaultPageSize = 12
export const maxPageSize = 100

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page numbers start at 1.').default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, 'page_size must be at least 1.')
    .max(maxPageSize, `page_size can be at most ${maxPageSize}.`)
    .default(defaultPageSize),
})
export type PageQuery = z.infer<typeof pageQuerySchema>

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  })
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export function pageCount(count: number, pageSize: number = defaultPageSize): number {
  return Math.max(1, Math.ceil(count / pageSize))
}
