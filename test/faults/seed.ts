import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import * as make from '../helpers/factories.ts';

/**
 * The world the load runs against: companies on `automate`, each with a live and a test
 * token of every scope and a stock of unassigned trees in both modes, in allocations spread
 * over two projects and four plantings (shared by every company, so that the planting
 * counters are written by many companies at once), pledged and planted. Made with the
 * test factories, which insert allocations through the domain's insertAllocation and so
 * keep every counter right.
 */

export interface SeededCompany {
  id: string;
  name: string;
  live: string;
  test: string;
  /** Unassigned trees at the start, per mode. */
  trees: number;
}

export interface SeededWorld {
  companies: SeededCompany[];
  /** The two projects, by mode: the same projects, with a live and a test planting each. */
  projectIds: string[];
  plantingIds: string[];
}

/** Unassigned trees of each company in each mode: the first runs dry early, the last late. */
export const STOCK_PER_COMPANY = [120, 240, 360, 480] as const;

export async function seedWorld(db: Kysely<DB>): Promise<SeededWorld> {
  const projects = [await make.project(db, { name: 'Mount Kenya Restoration' }), await make.project(db, { name: 'Atlantic Forest Corridor', country: 'BR' })];
  const plantings = [];
  for (const project of projects) {
    for (const livemode of [true, false]) plantings.push({ livemode, row: await make.planting(db, project, { trees: 1_000_000, livemode }) });
  }

  const companies: SeededCompany[] = [];
  for (const [index, stock] of STOCK_PER_COMPANY.entries()) {
    const company = await make.companyWithTokens(db, { name: `Load ${index + 1}` });
    for (const livemode of [true, false]) {
      const mine = plantings.filter((planting) => planting.livemode === livemode);
      let left = stock;
      let n = 0;
      while (left > 0) {
        // Allocations of 1 to 12 trees, oldest first, alternating projects and statuses.
        const trees = Math.min(left, 1 + ((n * 7 + index * 3) % 12));
        const planting = mine[n % mine.length]!.row;
        await make.allocation(db, company, planting, {
          trees,
          livemode,
          status: n % 3 === 0 ? 'pledged' : 'planted',
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, n)),
        });
        left -= trees;
        n += 1;
      }
    }
    companies.push({ id: company.id, name: `Load ${index + 1}`, live: company.live, test: company.test, trees: stock });
  }
  return { companies, projectIds: projects.map((project) => project.id), plantingIds: plantings.map((planting) => planting.row.id) };
}
