import type { Kysely } from 'kysely';
import type { AllocationStatus, DB, PolygonJson } from '../../src/db/schema.ts';
import { insertAllocation } from '../../src/domain/allocations.ts';
import { SCOPES, type Scope } from '../../src/core/scopes.ts';
import { newId, randomAlphanumeric } from '../../src/core/ids.ts';
import type { Plan } from '../../src/core/plans.ts';
import { createCompany } from '../../src/operator/companies.ts';
import { createToken } from '../../src/operator/tokens.ts';
import { createUser } from '../../src/operator/users.ts';

/** Builders for test data. Each call makes fresh objects, so tests in one file never collide. */

export interface TestCompany {
  id: string;
  adminEmail: string;
  live: string;
  test: string;
}

/** A company on `automate` with an admin and a live and a test token holding the given scopes (all by default). */
export async function companyWithTokens(
  db: Kysely<DB>,
  options: { scopes?: readonly Scope[]; plan?: Plan; name?: string } = {},
): Promise<TestCompany> {
  const company = await createCompany(db, { name: options.name ?? `Company ${randomAlphanumeric(6)}`, plan: options.plan ?? 'automate', country: 'NL' });
  const adminEmail = `admin-${randomAlphanumeric(6).toLowerCase()}@example.com`;
  await createUser(db, { companyId: company.id, email: adminEmail, name: 'Ada Admin', role: 'admin' });
  const scopes = options.scopes ?? SCOPES;
  const live = await createToken(db, { companyId: company.id, ownerEmail: adminEmail, scopes, livemode: true });
  const test = await createToken(db, { companyId: company.id, ownerEmail: adminEmail, scopes, livemode: false });
  return { id: company.id, adminEmail, live: live.token, test: test.token };
}

export async function tokenFor(db: Kysely<DB>, company: TestCompany, options: { scopes?: readonly Scope[] | 'all'; livemode?: boolean; expiresAt?: Date; ipAllowlist?: string[]; ownerEmail?: string } = {}) {
  const created = await createToken(db, {
    companyId: company.id,
    ownerEmail: options.ownerEmail ?? company.adminEmail,
    scopes: options.scopes ?? 'all',
    livemode: options.livemode ?? true,
    expiresAt: options.expiresAt,
    ipAllowlist: options.ipAllowlist,
  });
  return created;
}

export const SQUARE: PolygonJson = {
  type: 'Polygon',
  coordinates: [[[36.8, -1.3], [36.81, -1.3], [36.81, -1.29], [36.8, -1.29], [36.8, -1.3]]],
};

export async function partner(db: Kysely<DB>, name = 'Green Belt Partners') {
  return db
    .insertInto('partners')
    .values({ id: newId('partner'), foundation_ref: `ptn-${randomAlphanumeric(10)}`, name, country: 'KE' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function project(db: Kysely<DB>, options: { partnerId?: string; name?: string; nameNl?: string; country?: string; createdAt?: Date } = {}) {
  const partnerId = options.partnerId ?? (await partner(db)).id;
  return db
    .insertInto('projects')
    .values({
      id: newId('project'),
      foundation_ref: `prj-${randomAlphanumeric(10)}`,
      partner_id: partnerId,
      name: JSON.stringify({ en: options.name ?? 'Mount Kenya Restoration', nl: options.nameNl ?? 'Herstel Mount Kenya' }),
      description: JSON.stringify({ en: 'Restoring forest on the slopes.', nl: 'Bosherstel op de hellingen.' }),
      country: options.country ?? 'KE',
      region: JSON.stringify({ en: 'Central' }),
      ecosystem_type: 'tropical_montane_forest',
      started_at: '2023-03-01',
      latitude: -1.295,
      longitude: 36.805,
      geometry: JSON.stringify(SQUARE),
      photos: JSON.stringify([{ url: 'https://images.example.org/p.jpg', caption: { en: 'Nursery', nl: 'Kwekerij' }, taken_at: '2023-04-01', credit: 'GBP' }]),
      default_species: JSON.stringify([{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: null }]),
      sdg_goals: [13, 15],
      foundation_url: 'https://foundation.example.org/projects/mount-kenya',
      created_at: options.createdAt ?? new Date(),
      updated_at: options.createdAt ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function planting(db: Kysely<DB>, projectRow: { id: string; partner_id: string }, options: { trees?: number; done?: boolean; createdAt?: Date; livemode?: boolean } = {}) {
  const done = options.done ?? true;
  return db
    .insertInto('plantings')
    .values({
      id: newId('planting'),
      foundation_ref: `plt-${randomAlphanumeric(10)}`,
      livemode: options.livemode ?? true,
      project_id: projectRow.id,
      partner_id: projectRow.partner_id,
      planted_at: done ? '2024-04-15' : null,
      trees: options.trees ?? 1000,
      species: JSON.stringify([{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 600 }]),
      latitude: -1.295,
      longitude: 36.805,
      geometry: JSON.stringify(SQUARE),
      photos: JSON.stringify([{ url: 'https://images.example.org/plt.jpg', caption: { en: 'Planting day', nl: 'Plantdag' }, taken_at: '2024-04-15', credit: null }]),
      planting_method: 'seedlings',
      notes: JSON.stringify({ en: 'Planted before the long rains.', nl: 'Geplant voor de lange regens.' }),
      completed_at: done ? new Date() : null,
      created_at: options.createdAt ?? new Date(),
      updated_at: options.createdAt ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function allocation(
  db: Kysely<DB>,
  company: { id: string },
  plantingRow: { id: string; project_id: string },
  options: { trees?: number; status?: AllocationStatus; livemode?: boolean; source?: 'foundation' | 'legacy'; createdAt?: Date; legacyTreeIds?: string[] } = {},
) {
  return insertAllocation(db, {
    companyId: company.id,
    livemode: options.livemode ?? true,
    planting: plantingRow,
    trees: options.trees ?? 10,
    status: options.status ?? 'planted',
    source: options.source ?? 'foundation',
    legacyTreeIds: options.legacyTreeIds,
    createdAt: options.createdAt,
  });
}

/**
 * A company with tokens and `allocations` unassigned allocations of `trees` each in one
 * project and mode, recorded a day apart, oldest first: what a test of giving trees starts from.
 */
export async function companyWithTrees(
  db: Kysely<DB>,
  options: { allocations?: number; trees?: number; livemode?: boolean; name?: string } = {},
) {
  const livemode = options.livemode ?? true;
  const company = await companyWithTokens(db, { name: options.name });
  const projectRow = await project(db);
  const plantingRow = await planting(db, projectRow, { trees: 1_000_000, livemode });
  const allocationIds: string[] = [];
  for (let i = 0; i < (options.allocations ?? 1); i++) {
    const row = await allocation(db, company, plantingRow, { trees: options.trees ?? 10, livemode, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) });
    allocationIds.push(row.id);
  }
  return { company, project: projectRow, planting: plantingRow, allocationIds, token: livemode ? company.live : company.test, livemode };
}

export async function monitoring(
  db: Kysely<DB>,
  projectRow: { id: string },
  options: { plantingId?: string | null; recordedAt?: string; survivalRate?: number } = {},
) {
  return db
    .insertInto('monitorings')
    .values({
      id: newId('monitoring'),
      foundation_ref: `mon-${randomAlphanumeric(10)}`,
      project_id: projectRow.id,
      planting_id: options.plantingId ?? null,
      recorded_at: options.recordedAt ?? '2025-05-01',
      survival_rate: options.survivalRate ?? 0.87,
      trees_alive: 870,
      method: 'field_count',
      photos: JSON.stringify([{ url: 'https://images.example.org/mon.jpg', caption: { en: 'Seedlings at one year', nl: 'Zaailingen na een jaar' }, taken_at: '2025-05-01', credit: 'GBP' }]),
      notes: JSON.stringify({ en: 'Good survival after the dry season.', nl: 'Goede overleving na het droge seizoen.' }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function verification(db: Kysely<DB>, projectRow: { id: string }, options: { publishedAt?: Date } = {}) {
  return db
    .insertInto('verifications')
    .values({
      id: newId('verification'),
      foundation_ref: `ver-${randomAlphanumeric(10)}`,
      project_id: projectRow.id,
      period_start: '2024-01-01',
      period_end: '2024-12-31',
      verifier_name: 'Forest Audit Bureau',
      verifier_website_url: 'https://audit.example.org',
      document_url: 'https://audit.example.org/reports/2024.pdf',
      summary: JSON.stringify({ en: 'Survival and planting counts confirmed.', nl: 'Overleving en aantallen bevestigd.' }),
      trees_verified: 950,
      published_at: options.publishedAt ?? new Date('2025-02-01T10:00:00Z'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
