import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Numbers a legacy donation's trees after the company's last legacy tree in that mode
 * (v1's tree list, migration 0014). Called inside a foundation write, which holds the
 * foundation write lock, so two donations never take the same numbers; the primary key
 * would refuse it if they did.
 */
export async function recordLegacyTrees(
  db: Db,
  input: { companyId: string; livemode: boolean; plantingId: string; treeIds: readonly string[] },
): Promise<void> {
  if (input.treeIds.length === 0) return;
  await sql`
    INSERT INTO legacy_trees (company_id, livemode, position, tree_id, planting_id)
    SELECT ${input.companyId}, ${input.livemode}, last.position + t.n, t.tree_id, ${input.plantingId}
    FROM (
      SELECT coalesce(max(position), 0) AS position FROM legacy_trees
      WHERE company_id = ${input.companyId} AND livemode = ${input.livemode}
    ) AS last,
    unnest(${sql.val([...input.treeIds])}::text[]) WITH ORDINALITY AS t(tree_id, n)
  `.execute(db);
}
