/**
 * JSON with its object keys sorted, so that equal values give equal text whatever order
 * their keys came in (jsonb reorders keys; a foundation replay may too).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  }) ?? 'undefined';
}

/** How deep a request body may nest objects and arrays: ten times what any Canopy body needs. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests objects and arrays deeper than `max` (a bare value is
 * depth 0, `{}` 1, `{"a": []}` 2). Walks without recursion, so that a value nested a
 * million levels deep is measured, not a stack overflow.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
  }
  return false;
}
