/**
 * The checks' verdicts: each invariant passes, or fails naming up to a few of the rows that
 * break it (and how many in all), so that a failing run says what to look at.
 */
export interface Verdict {
  name: string;
  problems: string[];
  /** What was checked, for the report: "1,204 recipients". */
  checked: string;
}

const SHOWN = 5;

export class Verdicts {
  readonly all: Verdict[] = [];

  add(name: string, checked: string, problems: readonly string[]): void {
    this.all.push({ name, checked, problems: [...problems] });
  }

  get failed(): Verdict[] {
    return this.all.filter((verdict) => verdict.problems.length > 0);
  }

  print(write: (line: string) => void): void {
    for (const verdict of this.all) {
      const mark = verdict.problems.length === 0 ? 'ok  ' : 'FAIL';
      write(`  ${mark} ${verdict.name} (${verdict.checked})`);
      for (const problem of verdict.problems.slice(0, SHOWN)) write(`         - ${problem}`);
      if (verdict.problems.length > SHOWN) write(`         ... and ${verdict.problems.length - SHOWN} more`);
    }
  }
}

/** Rows of a drift query as problems: each row's fields, one line. */
export function rowsAsProblems(what: string, rows: readonly Record<string, unknown>[]): string[] {
  return rows.map((row) => `${what}: ${Object.entries(row).map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`).join(' ')}`);
}
