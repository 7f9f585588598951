/**
 * One CSV cell for spreadsheet users: cells starting with = + - @ (or a tab or
 * carriage return) are prefixed with an apostrophe so a spreadsheet does not
 * run them as a formula (CSV/formula injection).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
