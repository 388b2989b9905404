import type { ReadContext } from '../../core/context.ts';
import { iso } from '../../core/formats.ts';
import { wants } from '../../core/schema.ts';
import { loadPlantings } from '../plantings/present.ts';
import { loadProjects } from '../projects/present.ts';
import { loadRecipients } from '../recipients/present.ts';
import type { AllocationWithPlanting } from './queries.ts';

/**
 * Allocation rows to API objects. Expanded relations are loaded once for the whole page
 * (one query per relation, not one per row). `planting.partner` expands the planting with
 * its partner inside, as Stripe's dotted expands do: the supplier of v1's tree rows.
 */
export async function presentAllocations(ctx: ReadContext, rows: AllocationWithPlanting[], expand: readonly string[] = []) {
  const ids = (pick: (row: AllocationWithPlanting) => string | null) => [...new Set(rows.map(pick).filter((id): id is string => id !== null))];
  const [plantings, projects, recipients] = await Promise.all([
    wants(expand, 'planting.partner')
      ? loadPlantings(ctx, ids((r) => r.planting_id), ['partner'])
      : wants(expand, 'planting') ? loadPlantings(ctx, ids((r) => r.planting_id)) : null,
    wants(expand, 'project') ? loadProjects(ctx, ids((r) => r.project_id)) : null,
    wants(expand, 'recipient') ? loadRecipients(ctx, ids((r) => r.recipient_id)) : null,
  ]);

  return rows.map((row) => ({
    id: row.id,
    object: 'allocation' as const,
    livemode: row.livemode,
    trees: row.trees,
    status: row.status,
    source: row.source,
    planting: plantings?.get(row.planting_id) ?? row.planting_id,
    project: projects?.get(row.project_id) ?? row.project_id,
    recipient: row.recipient_id ? (recipients?.get(row.recipient_id) ?? row.recipient_id) : null,
    certificate: row.certificate_id,
    allocated_at: iso(row.allocated_at),
    planted_at: row.status === 'pledged' ? null : row.planting_planted_at,
    legacy_tree_ids: row.legacy_tree_ids,
    legacy_order_id: row.legacy_order_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}
