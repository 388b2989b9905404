import type { ApiContext } from '../../core/context.ts';
import { CanopyError, errors } from '../../core/errors.ts';
import { randomAlphanumeric } from '../../core/ids.ts';
import { inRequestUnitOfWork, type RequestUnitOfWork, type UnitOfWork } from '../../platform/events/unit-of-work.ts';
import { changeAllocationTrees, recordAllocation } from '../../foundation/ops/allocations.ts';
import { upsertPartner, upsertProject } from '../../foundation/ops/catalog.ts';
import { completePlanting, upsertPlanting } from '../../foundation/ops/plantings.ts';
import { publishVerification, recordMonitoring } from '../../foundation/ops/proof.ts';
import { presentAllocations } from '../allocations/present.ts';
import { findAllocation } from '../allocations/queries.ts';
import { presentProjects } from '../projects/present.ts';
import { findProject } from '../projects/queries.ts';

/**
 * Test helpers (after Stripe's): let an integrator drive a test allocation through its
 * lifecycle without the foundation. They go through the same foundation operations,
 * on a planting of their own (one per helper allocation, livemode false), so they can
 * never move live data or another company's trees.
 */

const SANDBOX_PARTNER_REF = 'test_helpers:partner';
const SANDBOX_PROJECT_REF = 'test_helpers:project';
const REF_PREFIX = 'test_helpers:';
/** A plot near Utrecht for the test-only project, and for test plantings of projects without a polygon. */
const SANDBOX_POLYGON = { type: 'Polygon' as const, coordinates: [[[5.1, 52.08], [5.12, 52.08], [5.12, 52.1], [5.1, 52.1], [5.1, 52.08]]] };

const unexpectedState = (id: string, status: string, action: string) =>
  new CanopyError('allocation_unexpected_state', `Allocation ${id} is ${status}; it cannot be ${action}.`);

const notHelperMade = (id: string) =>
  new CanopyError('test_helper_unsupported',
    `Allocation ${id} was not made by POST /v2/test_helpers/allocations; test helpers only move allocations they created.`);

/**
 * The helpers run foundation operations, so they take the foundation write lock. A
 * refused operation's error names the field as the helper's body does (`trees`). Each
 * answers with the object as it stands after the change, read in the same transaction.
 */
function asFoundation<T>(ctx: ApiContext, work: (uow: RequestUnitOfWork) => Promise<T>): Promise<T> {
  return inRequestUnitOfWork(ctx, { foundationLock: true }, work);
}

/** The allocation as GET /v2/allocations/{id} returns it, read inside the unit of work. */
async function allocationObject(uow: RequestUnitOfWork, id: string) {
  const [allocation] = await presentAllocations(uow.ctx, [await findAllocation(uow.ctx, id)]);
  return allocation!;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

async function sandboxProjectRef(uow: UnitOfWork): Promise<string> {
  await upsertPartner(uow, { ref: SANDBOX_PARTNER_REF, name: 'Canopy Test Planting Partner', country: 'NL' });
  await upsertProject(uow, {
    ref: SANDBOX_PROJECT_REF,
    partner_ref: SANDBOX_PARTNER_REF,
    name: { en: 'Canopy Test Forest', nl: 'Canopy Testbos' },
    description: { en: 'A project that exists only in test mode, for test helpers.', nl: 'Een project dat alleen in testmodus bestaat, voor testhulpen.' },
    country: 'NL',
    region: 'Utrecht',
    ecosystem_type: 'temperate_forest',
    geometry: SANDBOX_POLYGON,
    default_species: [{ name_latin: 'Quercus robur', name_common: { en: 'English oak', nl: 'Zomereik' }, trees: null }],
  });
  return SANDBOX_PROJECT_REF;
}

export async function createTestAllocation(ctx: ApiContext, input: { trees: number; project?: string }) {
  return asFoundation(ctx, async (uow) => {
    let projectRef: string;
    if (input.project) {
      // A project the company has trees in, in either mode: one it can know the id of.
      const project = await uow.db
        .selectFrom('projects')
        .innerJoin('company_projects as cp', 'cp.project_id', 'projects.id')
        .select('projects.foundation_ref')
        .where('projects.id', '=', input.project)
        .where('cp.company_id', '=', ctx.companyId)
        .executeTakeFirst();
      if (!project) throw errors.notFound('project', input.project, 'project');
      projectRef = project.foundation_ref;
    } else {
      projectRef = await sandboxProjectRef(uow);
    }
    const key = randomAlphanumeric(20);
    await upsertPlanting(uow, { ref: `${REF_PREFIX}planting:${key}`, project_ref: projectRef, trees: input.trees, livemode: false });
    const result = await recordAllocation(uow, {
      ref: `${REF_PREFIX}allocation:${key}`,
      company_id: ctx.companyId,
      livemode: false,
      planting_ref: `${REF_PREFIX}planting:${key}`,
      trees: input.trees,
    });
    return allocationObject(uow, result.id);
  });
}

/** The helper-made allocation and its planting, or the error an integrator needs. */
async function helperAllocation(uow: UnitOfWork, ctx: ApiContext, id: string) {
  const row = await uow.db
    .selectFrom('allocations as a')
    .innerJoin('plantings as p', 'p.id', 'a.planting_id')
    .innerJoin('projects as pr', 'pr.id', 'a.project_id')
    .select([
      'a.id', 'a.status', 'a.trees', 'a.foundation_ref', 'p.foundation_ref as planting_ref', 'p.trees as planting_trees',
      'pr.foundation_ref as project_ref', 'pr.geometry', 'pr.default_species',
    ])
    .where('a.id', '=', id)
    .where('a.company_id', '=', ctx.companyId)
    .where('a.livemode', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw errors.notFound('allocation', id);
  if (!row.foundation_ref?.startsWith(REF_PREFIX) || !row.planting_ref.startsWith(REF_PREFIX)) throw notHelperMade(id);
  return row;
}

export async function plantTestAllocation(ctx: ApiContext, id: string) {
  return asFoundation(ctx, async (uow) => {
    const allocation = await helperAllocation(uow, ctx, id);
    if (allocation.status !== 'pledged') throw unexpectedState(id, allocation.status, 'planted');
    // The planting holds the allocation and any part of it given to a recipient or gift code
    // (a split leaves that part on the same planting), so it keeps its count, not the allocation's.
    const trees = Math.max(allocation.trees, allocation.planting_trees);
    const species = allocation.default_species.length > 0
      ? allocation.default_species.map((s) => ({ name_latin: s.name_latin, name_common: s.name_common, trees }))
      : [{ name_latin: 'Quercus robur', name_common: { en: 'English oak', nl: 'Zomereik' }, trees }];
    const geometry = allocation.geometry ?? SANDBOX_POLYGON;
    await upsertPlanting(uow, {
      ref: allocation.planting_ref, project_ref: allocation.project_ref, trees,
      planted_at: today(), species: species.slice(0, 1), geometry, planting_method: 'seedlings',
    });
    await completePlanting(uow, { ref: allocation.planting_ref });
    return allocationObject(uow, id);
  });
}

export async function monitorTestAllocation(ctx: ApiContext, id: string) {
  return asFoundation(ctx, async (uow) => {
    const allocation = await helperAllocation(uow, ctx, id);
    if (allocation.status !== 'planted') throw unexpectedState(id, allocation.status, 'monitored');
    const result = await recordMonitoring(uow, {
      ref: `${REF_PREFIX}monitoring:${randomAlphanumeric(20)}`,
      project_ref: allocation.project_ref,
      planting_ref: allocation.planting_ref,
      recorded_at: today(),
      survival_rate: 0.92,
      trees_alive: Math.round(allocation.trees * 0.92),
      method: 'field_count',
      notes: { en: 'Test measurement made by a test helper.', nl: 'Testmeting gemaakt door een testhulp.' },
      livemode: false,
    });
    await uow.db.updateTable('monitorings').set({ owner_company_id: ctx.companyId }).where('id', '=', result.id).execute();
    return allocationObject(uow, id);
  });
}

export async function changeTestAllocationTrees(ctx: ApiContext, id: string, trees: number) {
  return asFoundation(ctx, async (uow) => {
    const allocation = await helperAllocation(uow, ctx, id);
    // The helper's own planting was made just big enough; let it hold the new count.
    // Its growth is a sandbox detail, so its planting.updated is not told.
    await upsertPlanting(uow.apart(), { ref: allocation.planting_ref, project_ref: allocation.project_ref, trees: Math.max(trees, allocation.planting_trees) });
    await changeAllocationTrees(uow, { ref: allocation.foundation_ref as string, trees });
    return allocationObject(uow, id);
  });
}

/**
 * A verification statement in test mode for a project the company has test trees in.
 * Only the calling company hears of it: another company's test log is not ours to fill.
 */
export async function publishTestVerification(ctx: ApiContext, projectId: string) {
  return asFoundation(ctx, async (uow) => {
    const project = await uow.db
      .selectFrom('company_projects as cp')
      .innerJoin('projects as p', 'p.id', 'cp.project_id')
      .select(['p.foundation_ref', 'cp.trees_pledged', 'cp.trees_planted', 'cp.trees_monitored'])
      .where('cp.company_id', '=', ctx.companyId)
      .where('cp.livemode', '=', false)
      .where('cp.project_id', '=', projectId)
      .executeTakeFirst();
    if (!project) throw errors.notFound('project', projectId);
    const year = new Date().getUTCFullYear() - 1;
    // Only the calling company hears of it, whoever else has test trees in the project.
    const apart = uow.apart();
    const result = await publishVerification(apart, {
      ref: `${REF_PREFIX}verification:${randomAlphanumeric(20)}`,
      project_ref: project.foundation_ref,
      period_start: `${year}-01-01`,
      period_end: `${year}-12-31`,
      verifier_name: 'Canopy Test Verifier',
      summary: { en: 'Test verification statement made by a test helper.', nl: 'Test-verificatieverklaring gemaakt door een testhulp.' },
      trees_verified: project.trees_planted + project.trees_monitored,
      published_at: new Date().toISOString(),
      livemode: false,
    });
    await uow.db.updateTable('verifications').set({ owner_company_id: ctx.companyId }).where('id', '=', result.id).execute();
    for (const change of apart.changes) {
      if (change.kind === 'verification.published') uow.record({ ...change, companies: [{ company_id: ctx.companyId, livemode: false }] });
    }
    const [object] = await presentProjects(uow.ctx, [await findProject(uow.ctx, projectId)]);
    return object!;
  });
}
