/**
 * A text cell of a CSV that people open in a spreadsheet, made inert: a cell that begins with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, LibreOffice and Google
 * Sheets as a formula (CSV injection, OWASP), so it gets a leading `'`, which they show as
 * text. For text someone typed (an external reference, a verifier's name), never for
 * numbers, dates or ids the service wrote, which cannot begin so and must stay as they are.
 */
export function csvCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
