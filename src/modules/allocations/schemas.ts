import { Type } from '@sinclair/typebox';
import { idPattern } from '../../core/ids.ts';
import { DateString, Expandable, idString, Nullable, StringEnum, Timestamp } from '../../core/schema.ts';
import { createdSinceParam, expandParam, idParams, listSchema, pageParams, updatedSinceParam } from '../../platform/http/params.ts';

/** `planting.partner` expands the planting and, inside it, its partner (Stripe's dotted expand). */
export const ALLOCATION_EXPANDS = ['planting', 'planting.partner', 'project', 'recipient'] as const;

export const AllocationSchema = Type.Object(
  {
    id: idString('allocation'),
    object: Type.Literal('allocation'),
    livemode: Type.Boolean(),
    trees: Type.Integer(),
    status: StringEnum(['pledged', 'planted', 'monitored']),
    source: StringEnum(['foundation', 'legacy']),
    planting: Expandable('planting', 'Planting'),
    project: Expandable('project', 'Project'),
    recipient: Nullable(Expandable('recipient', 'Recipient')),
    certificate: Nullable(idString('certificate', 'cert_ id')),
    allocated_at: Timestamp(),
    planted_at: Nullable(DateString('Date the planting was done; null while pledged.')),
    legacy_tree_ids: Type.Array(Type.String()),
    legacy_order_id: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Allocation', description: 'Trees from one planting assigned to the company.' },
);

export const AllocationListQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(['pledged', 'planted', 'monitored'])),
    recipient: Type.Optional(Type.String({ pattern: `^none$|${idPattern('recipient')}`, description: 'A rcp_ id, or "none" for unassigned trees.' })),
    source: Type.Optional(StringEnum(['foundation', 'legacy'])),
    project: Type.Optional(idString('project')),
    planting: Type.Optional(idString('planting')),
    ...updatedSinceParam,
    ...createdSinceParam,
    ...pageParams,
    ...expandParam([...ALLOCATION_EXPANDS]),
  },
  { additionalProperties: false },
);

export const AllocationRetrieveQuery = Type.Object(expandParam([...ALLOCATION_EXPANDS]), { additionalProperties: false });
export const AllocationParams = idParams('allocation');
export const AllocationList = listSchema(Type.Ref(AllocationSchema), 'A page of allocations, newest first.');
