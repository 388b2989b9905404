import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The shape of src/ (README, "Working on Canopy"; docs/decisions.md, "Feature folders"),
 * checked on every import:
 * - core/ imports only core/ (and the database's table types, type-only);
 * - db/ imports core/ and db/; domain/ imports core/, db/ and domain/;
 * - platform/, the machinery, imports core/, db/, domain/ and platform/ (and the Config
 *   type): it never knows a feature;
 * - a feature (modules/<name>/) imports those and other features' verbs, never another
 *   feature's mounting parts (index, routes, pages, events), which only src/features.ts
 *   assembles (through index.ts);
 * - folders form no cycle: the folder graph of runtime imports (not type-only, not the lazy
 *   `await import()` that keeps `canopy --help` fast) is acyclic, modules/<name> and
 *   platform/<name> each a folder of their own.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

interface SourceImport {
  /** The importing file, relative to src/ (`modules/allocations/routes.ts`). */
  from: string;
  /** The imported file, relative to src/, or the package name. */
  to: string;
  typeOnly: boolean;
  /** `await import(...)`: loaded when first used, not when the importer loads. */
  lazy: boolean;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** Every static, re-exporting and dynamic import of a file, in either quote style, relative specifiers resolved against src/. */
export function importsOf(file: string, text: string): SourceImport[] {
  const found: SourceImport[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"`;]*?from\s+(['"])([^'"]+)\3|import\(\s*(['"])([^'"]+)\5\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[4] ?? match[6] ?? '';
    const to = specifier.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) : specifier;
    found.push({ from: file, to, typeOnly: match[2] !== undefined, lazy: match[6] !== undefined });
  }
  return found;
}

const inSrc = (to: string) => to.endsWith('.ts') && !to.startsWith('node:') && !to.startsWith('@') && !to.startsWith('..');
const top = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

/** The folder a file counts in for the cycle check: modules/<name> and platform/<name> apart, a root file alone. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if ((parts[0] === 'modules' || parts[0] === 'platform') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length === 1 ? file : parts[0]!;
}

/** What each layer may import, by the importer's top folder; folders not named here (the app around them) may import any. */
const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  db: ['core', 'db'],
  domain: ['core', 'db', 'domain'],
  platform: ['core', 'db', 'domain', 'platform'],
  modules: ['core', 'db', 'domain', 'platform', 'modules'],
};

/**
 * Imports a layer's allow-list does not hold, each with its reason. The test helpers play
 * the foundation in test mode through the foundation's own operations, so that a test
 * planting is made exactly as a live one.
 */
const EXCEPTIONS: readonly { from: RegExp; to: RegExp }[] = [{ from: /^modules\/test-helpers\//, to: /^foundation\/ops\// }];

/** The parts of a feature only it and src/features.ts use: what mounts it. */
const MOUNTING_PART = /^modules\/([^/]+)\/(index|routes|pages|events)\.ts$/;
const ENTRY_FILES = new Set(['main.ts', 'app.ts', 'features.ts']);

/** The imports that break a boundary, each with the rule it breaks. */
export function boundaryViolations(imports: readonly SourceImport[]): string[] {
  const violations: string[] = [];
  for (const { from, to, typeOnly } of imports) {
    if (!inSrc(to)) continue;
    const allowed = ALLOWED[top(from)];
    const typeException = typeOnly && ((top(from) === 'core' && to === 'db/schema.ts') || (top(from) === 'platform' && to === 'config.ts'));
    const excepted = EXCEPTIONS.some((exception) => exception.from.test(from) && exception.to.test(to));
    if (allowed && !allowed.includes(top(to)) && !typeException && !excepted) {
      violations.push(`${from} imports ${to}: ${top(from)}/ imports only ${allowed.map((folder) => `${folder}/`).join(', ')}`);
    }
    const mounting = MOUNTING_PART.exec(to);
    if (mounting && from !== 'features.ts' && !from.startsWith(`modules/${mounting[1]}/`)) {
      violations.push(`${from} imports ${to}: a feature's ${mounting[2]}.ts is its own (src/features.ts mounts it through index.ts)`);
    }
    if (ENTRY_FILES.has(to) && !typeOnly && !ENTRY_FILES.has(from) && top(from) !== 'cli') {
      violations.push(`${from} imports ${to}: only the entry points (main.ts, app.ts, features.ts, cli/) import the entry points`);
    }
  }
  return violations;
}

/** The folder cycles of runtime imports (strongly connected components of more than one folder), each as its sorted folders. */
export function folderCycles(imports: readonly SourceImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to, typeOnly, lazy } of imports) {
    if (!inSrc(to) || typeOnly || lazy) continue;
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b) continue;
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
    if (!edges.has(b)) edges.set(b, new Set());
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('folder boundaries', () => {
  const imports = sourceFiles().flatMap((file) => importsOf(file, readFileSync(path.join(SRC, file), 'utf8')));

  test('src/ keeps them', () => {
    assert.ok(imports.length > 300, `read ${imports.length} imports; the parser found too few`);
    assert.deepEqual(boundaryViolations(imports), []);
  });

  test('its folders form no cycle', () => {
    assert.deepEqual(folderCycles(imports), []);
  });

  test('every feature folder is listed in src/features.ts, and nothing else mounts one', () => {
    const features = readdirSync(path.join(SRC, 'modules'));
    const listed = imports.filter((entry) => entry.from === 'features.ts' && MOUNTING_PART.test(entry.to)).map((entry) => entry.to.split('/')[1]);
    assert.deepEqual([...listed].sort(), [...features].sort());
  });

  test('each rule catches a breach', () => {
    const breaches = [
      ...importsOf('core/ids.ts', "import { errors } from '../platform/http/error-handler.ts';"),
      ...importsOf('core/context.ts', 'import type { DB } from "../db/schema.ts";'),
      ...importsOf('core/scopes.ts', "import { sql } from 'kysely';"),
      ...importsOf('domain/assignment.ts', 'import { presentAllocations } from "../modules/allocations/present.ts";'),
      ...importsOf('domain/counters.ts', "const { renderEvents } = await import('../platform/events/renderers.ts');"),
      ...importsOf('platform/jobs/worker.ts', "import { issueCertificate } from '../../modules/certificates/jobs.ts';"),
      ...importsOf('platform/http/module.ts', "import type { Config } from '../../config.ts';"),
      ...importsOf('platform/pages/page.ts', "import { FEATURES } from '../../features.ts';"),
      ...importsOf('modules/recipients/service.ts', "import { withdrawPersonalCertificate } from '../certificates/service.ts';"),
      ...importsOf('modules/recipients/service.ts', "export { certificatePages } from '../certificates/pages.ts';"),
      ...importsOf('modules/recipients/service.ts', "import { loadConfig } from '../../config.ts';"),
      ...importsOf('foundation/routes.ts', "import { giftCodesFeature } from '../modules/gift-codes/index.ts';"),
      ...importsOf('features.ts', "import { giftCodesFeature } from './modules/gift-codes/index.ts';"),
    ];
    assert.deepEqual(boundaryViolations(breaches), [
      'core/ids.ts imports platform/http/error-handler.ts: core/ imports only core/',
      'domain/assignment.ts imports modules/allocations/present.ts: domain/ imports only core/, db/, domain/',
      'domain/counters.ts imports platform/events/renderers.ts: domain/ imports only core/, db/, domain/',
      'platform/jobs/worker.ts imports modules/certificates/jobs.ts: platform/ imports only core/, db/, domain/, platform/',
      'platform/pages/page.ts imports features.ts: platform/ imports only core/, db/, domain/, platform/',
      'platform/pages/page.ts imports features.ts: only the entry points (main.ts, app.ts, features.ts, cli/) import the entry points',
      "modules/recipients/service.ts imports modules/certificates/pages.ts: a feature's pages.ts is its own (src/features.ts mounts it through index.ts)",
      'modules/recipients/service.ts imports config.ts: modules/ imports only core/, db/, domain/, platform/, modules/',
      "foundation/routes.ts imports modules/gift-codes/index.ts: a feature's index.ts is its own (src/features.ts mounts it through index.ts)",
    ]);
  });

  test('the cycle check finds a cycle through three folders, and ignores type-only and lazy imports', () => {
    const graph = [
      ...importsOf('modules/gift-codes/service.ts', "import { addRecipient } from '../recipients/service.ts';"),
      ...importsOf('modules/recipients/present.ts', "import { presentCertificates } from '../certificates/present.ts';"),
      ...importsOf('modules/certificates/view.ts', "import { giftCodeStatus } from '../gift-codes/present.ts';"),
      ...importsOf('cli/serve.ts', "const { startCanopy } = await import('../main.ts');"),
      ...importsOf('main.ts', "import { startControlServer } from './cli/control-socket.ts';"),
      ...importsOf('core/context.ts', "import type { DB } from '../db/schema.ts';"),
      ...importsOf('db/keyset.ts', "import { errors } from '../core/errors.ts';"),
    ];
    assert.deepEqual(folderCycles(graph), [['modules/certificates', 'modules/gift-codes', 'modules/recipients']]);
  });
});
