/**
 * What the impact page, its JSON and its embeddables read of a company, kept in this
 * process while the company's stamp holds and for at most PROOF_SECONDS. The stamp
 * (figures.ts findImpactCompany) is read with the company in the request's first
 * statement: the company's row (its text, name, logo, hidden or not: updated_at) and its
 * live totals (trees by status, unassigned, plantings, projects). So a change to the
 * company or to its trees shows at once, on the next request to any process; a change to
 * the proof only (a new measurement, statement or photo of a planting it has trees in, which
 * touches no company row) shows within PROOF_SECONDS. docs/decisions.md, "The impact
 * page's cost".
 */
export const PROOF_SECONDS = 300;

/** Entries kept, the least recently used dropped first: a large company's page view is a few hundred KB. */
const MAX_ENTRIES = 200;

interface Entry {
  stamp: string;
  at: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/**
 * `build()`'s value for `key` while `stamp` holds and PROOF_SECONDS have not passed, else
 * a new one. Concurrent requests for the same key and stamp share one build; a failed
 * build is not kept.
 */
export function remembered<T>(key: string, stamp: string, build: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const found = entries.get(key);
  if (found && found.stamp === stamp && now - found.at < PROOF_SECONDS * 1000) {
    entries.delete(key);
    entries.set(key, found);
    return found.value as Promise<T>;
  }
  const value = build();
  const entry = { stamp, at: now, value };
  entries.delete(key);
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
  return value;
}

/** Forgets everything kept: for tests that change a company's proof and read its page at once. */
export function forgetImpactReads(): void {
  entries.clear();
}
