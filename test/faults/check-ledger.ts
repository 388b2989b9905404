import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { SeededWorld } from './seed.ts';
import { rowsAsProblems, type Verdicts } from './verdict.ts';

/**
 * The tree ledger after the load, in SQL over the rows themselves: no allocation with two
 * owners, no tree made or lost, each owner holding exactly its trees, and every counter the
 * code keeps equal to the sum over its rows.
 */
export async function checkLedger(db: Kysely<DB>, world: SeededWorld, verdicts: Verdicts): Promise<void> {
  const companyIds = world.companies.map((company) => company.id);
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows;

  const twoOwners = await rows(sql<{ id: string; recipient_id: string; gift_code_id: string }>`
    select id, recipient_id, gift_code_id from allocations
    where company_id = any(${companyIds}) and recipient_id is not null and gift_code_id is not null`);
  const empty = await rows(sql<{ id: string; trees: number }>`
    select id, trees from allocations where company_id = any(${companyIds}) and trees <= 0`);
  const allocations = await rows(sql<{ n: number }>`select count(*)::int as n from allocations where company_id = any(${companyIds})`);
  verdicts.add('no allocation has two owners, none is empty', `${allocations[0]?.n} allocations`, [
    ...rowsAsProblems('recipient and gift code', twoOwners),
    ...rowsAsProblems('no trees', empty),
  ]);

  const stock = await rows(sql<{ company_id: string; livemode: boolean; trees: number }>`
    select company_id, livemode, coalesce(sum(trees), 0)::int as trees from allocations
    where company_id = any(${companyIds}) group by company_id, livemode`);
  const stockProblems: string[] = [];
  for (const company of world.companies) {
    for (const livemode of [true, false]) {
      const trees = stock.find((row) => row.company_id === company.id && row.livemode === livemode)?.trees ?? 0;
      if (trees !== company.trees) stockProblems.push(`${company.name} ${livemode ? 'live' : 'test'}: allocations hold ${trees} trees, ${company.trees} were pledged`);
    }
  }
  verdicts.add('no tree made or lost: each company and mode holds the trees it was pledged', `${world.companies.length * 2} companies and modes`, stockProblems);

  const recipientDrift = await rows(sql<{ id: string; trees: number; held: number; deleted: boolean }>`
    select r.id, r.trees, coalesce(sum(a.trees), 0)::int as held, r.deleted_at is not null as deleted
    from recipients r left join allocations a on a.recipient_id = r.id
    where r.company_id = any(${companyIds})
    group by r.id having coalesce(sum(a.trees), 0) <> case when r.deleted_at is null then r.trees else 0 end`);
  const codeDrift = await rows(sql<{ id: string; status: string; trees: number; held: number }>`
    select g.id, g.status, g.trees, coalesce(sum(a.trees), 0)::int as held
    from gift_codes g left join allocations a on a.gift_code_id = g.id
    where g.company_id = any(${companyIds})
    group by g.id having coalesce(sum(a.trees), 0) <> case when g.status = 'open' then g.trees else 0 end`);
  const claimedDrift = await rows(sql<{ id: string; trees: number; recipient_trees: number | null }>`
    select g.id, g.trees, r.trees as recipient_trees from gift_codes g left join recipients r on r.id = g.recipient_id
    where g.company_id = any(${companyIds}) and g.status = 'claimed' and (r.id is null or r.trees <> g.trees or r.source <> 'gift_code')`);
  verdicts.add('each owner holds exactly its trees: a recipient its trees (none once deleted), an open code its trees, a claimed code none', 'recipients and gift codes', [
    ...rowsAsProblems('recipient', recipientDrift),
    ...rowsAsProblems('gift code', codeDrift),
    ...rowsAsProblems('claimed code and its recipient', claimedDrift),
  ]);

  const totals = await rows(sql<Record<string, unknown>>`
    with sums as (
      select c.company_id, c.livemode,
        (select coalesce(sum(trees) filter (where status = 'pledged'), 0) from allocations a where a.company_id = c.company_id and a.livemode = c.livemode)::int as pledged,
        (select coalesce(sum(trees) filter (where status = 'planted'), 0) from allocations a where a.company_id = c.company_id and a.livemode = c.livemode)::int as planted,
        (select coalesce(sum(trees) filter (where status = 'monitored'), 0) from allocations a where a.company_id = c.company_id and a.livemode = c.livemode)::int as monitored,
        (select coalesce(sum(trees) filter (where recipient_id is null and gift_code_id is null), 0) from allocations a where a.company_id = c.company_id and a.livemode = c.livemode)::int as unassigned,
        (select count(*) from company_projects m where m.company_id = c.company_id and m.livemode = c.livemode)::int as projects,
        (select count(*) from company_plantings m where m.company_id = c.company_id and m.livemode = c.livemode)::int as plantings,
        (select count(*) from recipients r where r.company_id = c.company_id and r.livemode = c.livemode and r.deleted_at is null)::int as recipients,
        (select count(*) from certificates x where x.company_id = c.company_id and x.livemode = c.livemode and x.withdrawn_at is null)::int as certificates
      from company_totals c where c.company_id = any(${companyIds})
    )
    select s.company_id, s.livemode,
      c.trees_pledged || '/' || s.pledged as pledged, c.trees_planted || '/' || s.planted as planted,
      c.trees_monitored || '/' || s.monitored as monitored, c.trees_unassigned || '/' || s.unassigned as unassigned,
      c.projects || '/' || s.projects as projects, c.plantings || '/' || s.plantings as plantings,
      c.recipients || '/' || s.recipients as recipients, c.certificates || '/' || s.certificates as certificates
    from sums s join company_totals c using (company_id, livemode)
    where (c.trees_pledged, c.trees_planted, c.trees_monitored, c.trees_unassigned, c.projects, c.plantings, c.recipients, c.certificates)
      is distinct from (s.pledged, s.planted, s.monitored, s.unassigned, s.projects, s.plantings, s.recipients, s.certificates)`);
  const projects = await rows(sql<Record<string, unknown>>`
    select m.company_id, m.livemode, m.project_id,
      m.trees_pledged || '/' || coalesce(sum(a.trees) filter (where a.status = 'pledged'), 0) as pledged,
      m.trees_planted || '/' || coalesce(sum(a.trees) filter (where a.status = 'planted'), 0) as planted,
      m.trees_monitored || '/' || coalesce(sum(a.trees) filter (where a.status = 'monitored'), 0) as monitored
    from company_projects m left join allocations a on a.company_id = m.company_id and a.livemode = m.livemode and a.project_id = m.project_id
    where m.company_id = any(${companyIds})
    group by m.company_id, m.livemode, m.project_id
    having (m.trees_pledged, m.trees_planted, m.trees_monitored) is distinct from
      (coalesce(sum(a.trees) filter (where a.status = 'pledged'), 0), coalesce(sum(a.trees) filter (where a.status = 'planted'), 0), coalesce(sum(a.trees) filter (where a.status = 'monitored'), 0))`);
  const plantings = await rows(sql<Record<string, unknown>>`
    select m.company_id, m.livemode, m.planting_id, m.trees || '/' || coalesce(sum(a.trees), 0) as trees
    from company_plantings m left join allocations a on a.company_id = m.company_id and a.livemode = m.livemode and a.planting_id = m.planting_id
    where m.company_id = any(${companyIds})
    group by m.company_id, m.livemode, m.planting_id having m.trees <> coalesce(sum(a.trees), 0)`);
  const allocated = await rows(sql<Record<string, unknown>>`
    select p.id, p.trees_allocated || '/' || coalesce(sum(a.trees), 0) as trees_allocated from plantings p left join allocations a on a.planting_id = p.id
    where p.id = any(${world.plantingIds}) group by p.id having p.trees_allocated <> coalesce(sum(a.trees), 0)`);
  const memberships = await rows(sql<Record<string, unknown>>`
    select distinct a.company_id, a.livemode, a.planting_id from allocations a
    left join company_plantings m on m.company_id = a.company_id and m.livemode = a.livemode and m.planting_id = a.planting_id
    where a.company_id = any(${companyIds}) and m.planting_id is null`);
  verdicts.add(
    'every counter equals the sum over its rows (company_totals, company_projects, company_plantings, plantings.trees_allocated; counter/sum)',
    `${world.companies.length * 2} totals rows, their projects and plantings, ${world.plantingIds.length} plantings`,
    [
      ...rowsAsProblems('company_totals', totals),
      ...rowsAsProblems('company_projects', projects),
      ...rowsAsProblems('company_plantings', plantings),
      ...rowsAsProblems('plantings.trees_allocated', allocated),
      ...rowsAsProblems('allocation without its company_plantings row', memberships),
    ],
  );

  const certificates = await rows(sql<Record<string, unknown>>`
    select r.id, r.deleted_at is not null as deleted, r.certificate_id, x.recipient_id as certificate_of, x.withdrawn_at, x.trees as certificate_trees, r.trees
    from recipients r left join certificates x on x.id = r.certificate_id
    where r.company_id = any(${companyIds}) and (
      (r.deleted_at is null and (x.id is null or x.withdrawn_at is not null or x.recipient_id <> r.id or x.trees <> r.trees))
      or (r.deleted_at is not null and r.certificate_id is not null))`);
  const standing = await rows(sql<Record<string, unknown>>`
    select x.id, x.recipient_id from certificates x join recipients r on r.id = x.recipient_id
    where x.company_id = any(${companyIds}) and r.deleted_at is not null and x.withdrawn_at is null`);
  const pointers = await rows(sql<Record<string, unknown>>`
    select a.id, a.recipient_id, a.certificate_id, r.certificate_id as recipient_certificate from allocations a left join recipients r on r.id = a.recipient_id
    where a.company_id = any(${companyIds}) and a.certificate_id is distinct from r.certificate_id`);
  verdicts.add(
    "each recipient has its certificate once the queue is drained, withdrawn once deleted; allocations point at their owner's certificate",
    'recipients, certificates, allocations',
    [...rowsAsProblems('recipient', certificates), ...rowsAsProblems('certificate of a deleted recipient', standing), ...rowsAsProblems('allocation', pointers)],
  );
}
