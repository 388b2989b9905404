/**
 * Polls `check` until it returns something other than undefined, and returns that; throws
 * naming `what` when `ms` have passed. For tests that watch other processes work.
 */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
