/** Rows one delete statement of a purge removes at most. */
export const DELETE_BATCH = 5000;

/**
 * Runs `deleteBatch` (which deletes at most `limit` rows and says how many it did) until a
 * batch comes back short. Batches keep each statement short: on PGlite one statement
 * holds the whole database.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<bigint>): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const count = Number(await deleteBatch(DELETE_BATCH));
    deleted += count;
    if (count < DELETE_BATCH) return { deleted };
  }
}
