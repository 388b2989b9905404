/**
 * v1's page-numbered lists (spec section 9): `?page=N`, 100 rows a page, and the
 * envelope old clients read, `data`, `links` and `meta`, as the old (Laravel) API wrote
 * it. A page past the last is empty, with `from` and `to` null and `links.next` null.
 */
export const V1_PER_PAGE = 100;

/**
 * The page asked for. Like the old API, anything that is not a whole number of at least
 * 1 (missing, `0`, `-2`, `abc`, `1.5`, or too long to be a number) is page 1: old
 * clients sent what they sent, and v1 answers never change. Fifteen digits at most keep
 * the row arithmetic in safe integers.
 */
export function requestedPage(raw: unknown): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

/** The positions (1-based, inclusive) page `page` covers in a list of `total` rows; empty when past the end. */
export function pageWindow(page: number, total: number): { from: number; to: number } | null {
  const from = (page - 1) * V1_PER_PAGE + 1;
  if (from > total) return null;
  return { from, to: Math.min(page * V1_PER_PAGE, total) };
}

export function pageEnvelope<Row>(input: { data: Row[]; page: number; total: number; path: string }) {
  const { data, page, total, path } = input;
  const lastPage = Math.max(1, Math.ceil(total / V1_PER_PAGE));
  const window = pageWindow(page, total);
  const url = (n: number) => `${path}?page=${n}`;
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from: window?.from ?? null,
      last_page: lastPage,
      path,
      per_page: V1_PER_PAGE,
      to: window?.to ?? null,
      total,
    },
  };
}
