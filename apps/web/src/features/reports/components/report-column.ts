import type { ReactNode } from 'react'

/** One column of a report: its header and how a row shows in it (a table cell, or a line of a compact row). */
export type ReportColumn<T> = {
  header: string
  render: (row: T) => ReactNode
  align?: 'left' | 'right'
}
