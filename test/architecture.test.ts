import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The folder boundaries of src/ (README, "Working on Canopy"), checked on every import:
 * - core/ imports nothing else in src/, but for the database's table types (type-only);
 * - domain/, the tree ledger, imports neither the HTTP edge nor the modules, events or ingestion above it;
 * - http/, the edge, is imported only by app.ts and route files: a module's routes,
 *   schemas and index, the foundation's routes, the legacy v1 routes and the public pages' routes.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

interface SourceImport {
  /** The importing file, relative to src/ (`modules/allocations/routes.ts`). */
  from: string;
  /** The imported file, relative to src/, or the package name. */
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** Every static and dynamic import of a file, with relative specifiers resolved against src/. */
export function importsOf(file: string, text: string): SourceImport[] {
  const found: SourceImport[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? '';
    const to = specifier.startsWith('.') ? path.normalize(path.join(path.dirname(file), specifier)) : specifier;
    found.push({ from: file, to, typeOnly: match[2] !== undefined });
  }
  return found;
}

const under = (folder: string, file: string) => file.startsWith(`${folder}/`);
const ROUTE_FILE = /^(modules\/[^/]+\/(routes|schemas|index)\.ts|foundation\/routes\.ts|legacy-v1\/routes\.ts|public\/(.+\/)?routes\.ts)$/;
const ABOVE_DOMAIN = ['http', 'modules', 'events', 'foundation', 'jobs', 'cli', 'control', 'operator', 'demo'];

/** The imports that break a boundary, each with the rule it breaks. */
export function boundaryViolations(imports: readonly SourceImport[]): string[] {
  const violations: string[] = [];
  for (const { from, to, typeOnly } of imports) {
    const inSrc = !path.isAbsolute(to) && (to.includes('/') || to.endsWith('.ts')) && !to.startsWith('@') && !to.startsWith('node:');
    if (!inSrc) continue;
    if (under('core', from) && !under('core', to) && !(typeOnly && to === 'db/schema.ts')) {
      violations.push(`${from} imports ${to}: core/ imports nothing above it`);
    }
    if (under('domain', from) && ABOVE_DOMAIN.some((folder) => under(folder, to))) {
      violations.push(`${from} imports ${to}: domain/ does not import ${to.split('/')[0]}/`);
    }
    if (under('http', to) && !under('http', from) && from !== 'app.ts' && !ROUTE_FILE.test(from)) {
      violations.push(`${from} imports ${to}: only app.ts and route files import http/`);
    }
  }
  return violations;
}

describe('folder boundaries', () => {
  test('src/ keeps them', () => {
    const imports = sourceFiles().flatMap((file) => importsOf(file, readFileSync(path.join(SRC, file), 'utf8')));
    assert.ok(imports.length > 200, `read ${imports.length} imports; the parser found too few`);
    assert.deepEqual(boundaryViolations(imports), []);
  });

  test('each rule catches a breach', () => {
    const imports = [
      ...importsOf('core/ids.ts', "import { errors } from '../http/error-handler.ts';"),
      ...importsOf('core/context.ts', "import type { DB } from '../db/schema.ts';"),
      ...importsOf('core/scopes.ts', "import { sql } from 'kysely';"),
      ...importsOf('domain/assignment.ts', "import { presentAllocations } from '../modules/allocations/present.ts';"),
      ...importsOf('domain/counters.ts', "const { emitEvents } = await import('../events/emit.ts');"),
      ...importsOf('modules/allocations/queries.ts', "import { listEnvelope } from '../../http/params.ts';"),
      ...importsOf('modules/allocations/routes.ts', "import { listEnvelope } from '../../http/params.ts';"),
    ];
    assert.deepEqual(boundaryViolations(imports), [
      'core/ids.ts imports http/error-handler.ts: core/ imports nothing above it',
      'core/ids.ts imports http/error-handler.ts: only app.ts and route files import http/',
      'domain/assignment.ts imports modules/allocations/present.ts: domain/ does not import modules/',
      'domain/counters.ts imports events/emit.ts: domain/ does not import events/',
      'modules/allocations/queries.ts imports http/params.ts: only app.ts and route files import http/',
    ]);
  });
});
