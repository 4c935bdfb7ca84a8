/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: a cell a spreadsheet would
 * read as a formula (=, +, -, @, and tab or carriage return before one) gets a leading single
 * quote (OWASP "CSV injection"), so a visitor's name can never run in the seller's spreadsheet.
 */
const formulaStart = /^[=+\-@\t\r]/
const needsQuotes = /[",\r\n]/

export function csvCell(value: string): string {
  const defused = formulaStart.test(value) ? `'${value}` : value
  return needsQuotes.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`
