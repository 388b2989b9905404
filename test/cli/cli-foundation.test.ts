import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startProgressLine, withAbsoluteImportFile } from '../../src/cli/import.ts';
import { cliWorkspace, type Serve } from '../helpers/cli.ts';

/**
 * `canopy foundation-keys` and `canopy import` as an operator runs them: the real CLI
 * against one data folder (or one fresh PostgreSQL database when DATABASE_URL is set),
 * mostly while `canopy serve` runs, so commands travel over the control socket as they do
 * in production. In child processes where the process is what is checked (a relative FILE,
 * what reaches stderr, the CLI importing on its own); elsewhere through the CLI's runner in
 * this process (`run`, `runJson`), which locks the folder or forwards to serve as a child
 * would, without the second or more a child costs to start.
 */
const { workDir, canopy, canopyJson, inProcess: run, inProcessJson: runJson, startServe, useFreshPostgresDatabase } = cliWorkspace('canopy-cli-foundation');

/** Writes an NDJSON file into the work folder; each entry is a line (a string is written as it is). */
function ndjson(name: string, lines: (object | string)[]): string {
  const file = path.join(workDir, name);
  writeFileSync(file, `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`);
  return file;
}

const SQUARE = { type: 'Polygon', coordinates: [[[36.8, -1.3], [36.81, -1.3], [36.81, -1.29], [36.8, -1.29], [36.8, -1.3]]] };

/** A partner, project and completed planting with a dossier, trees pledged to the company, and a measurement. */
function foundationStory(companyId: string) {
  return [
    { op: 'upsert_partner', input: { ref: 'cli-ptn-1', name: 'Green Belt Restoration Trust', country: 'KE' } },
    {
      op: 'upsert_project',
      input: {
        ref: 'cli-prj-1', partner_ref: 'cli-ptn-1', name: { en: 'Mount Kenya', nl: 'Mount Kenya' }, description: { en: 'Forest.', nl: 'Bos.' },
        country: 'KE', region: 'Nyeri', ecosystem_type: 'tropical_montane_forest', geometry: SQUARE,
      },
    },
    {
      op: 'upsert_planting',
      input: {
        ref: 'cli-plt-1', project_ref: 'cli-prj-1', trees: 1000, planted_at: '2025-04-15', geometry: SQUARE,
        species: [{ name_latin: 'Prunus africana', name_common: { en: 'African cherry', nl: 'Afrikaanse kers' }, trees: 1000 }],
      },
    },
    { op: 'complete_planting', input: { ref: 'cli-plt-1' } },
    { op: 'record_allocation', input: { ref: 'cli-alloc-1', company_id: companyId, livemode: true, planting_ref: 'cli-plt-1', trees: 40 } },
    {
      op: 'record_monitoring',
      input: {
        ref: 'cli-mon-1', project_ref: 'cli-prj-1', planting_ref: 'cli-plt-1', recorded_at: '2025-10-01',
        survival_rate: 0.92, trees_alive: 920, method: 'sample_plot_count',
      },
    },
  ];
}

describe('canopy foundation-keys and canopy import', () => {
  let dropDatabase = async () => {};
  let serve: Serve | null = null;
  let companyId: string;
  let token: string;

  const get = async (url: string) => {
    const response = await fetch(`${serve?.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200);
    return response.json();
  };
  const eventIds = async () => (await get('/v2/events?limit=100')).data.map((event: { id: string }) => event.id) as string[];
  const treesTotal = async () => (await get('/v2/company')).trees.total as number;
  const applyWithKey = (key: string, operation: object) =>
    fetch(`${serve?.url}/foundation/v1/operations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(operation),
    });

  before(async () => {
    if (process.env.DATABASE_URL) dropDatabase = await useFreshPostgresDatabase();
  });
  after(async () => {
    serve?.child.kill('SIGKILL');
    await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('foundation-keys create prints the key once; list shows no secret; revoke marks it', async () => {
    const created = await runJson(['foundation-keys', 'create', '--name', 'Foundation prod']);
    assert.match(created.id, /^fdk_/);
    assert.match(created.key, /^canopy_fdn_[A-Za-z0-9]{32}$/);
    assert.equal(created.name, 'Foundation prod');

    const human = await run(['foundation-keys', 'create']);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /Created foundation key fdk_\S+ "Foundation key":\n\n {2}canopy_fdn_[A-Za-z0-9]{32}\n/);

    const { data } = await runJson(['foundation-keys', 'list']);
    assert.equal(data.length, 2);
    assert.ok(data.every((key: Record<string, unknown>) => !('key' in key) && !('key_hash' in key)));

    const revoked = await runJson(['foundation-keys', 'revoke', created.id]);
    assert.match(revoked.revoked_at, /^\d{4}-/);
    const again = await run(['foundation-keys', 'revoke', created.id]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /No active foundation key fdk_/);
    const listed = await run(['foundation-keys', 'list']);
    assert.match(listed.stdout, /Foundation prod\s+canopy_fdn_\S+\s+revoked \d{4}-/);
  });

  test('a created key works on the foundation API of a running serve; once revoked it gets 401', async () => {
    serve = await startServe();
    const key = await runJson(['foundation-keys', 'create']);
    const partner = { op: 'upsert_partner', input: { ref: 'cli-key-check', name: 'Key Check Partners' } };
    const accepted = await applyWithKey(key.key, partner);
    assert.equal(accepted.status, 200, await accepted.clone().text());
    assert.equal((await accepted.json()).op, 'upsert_partner');
    await runJson(['foundation-keys', 'revoke', key.id]);
    assert.equal((await applyWithKey(key.key, partner)).status, 401);
  });

  test('demo --json prints a foundation key that works', async () => {
    const demo = await runJson(['demo']);
    assert.match(demo.foundation_key, /^canopy_fdn_[A-Za-z0-9]{32}$/);
    const response = await applyWithKey(demo.foundation_key, { op: 'upsert_partner', input: { ref: 'cli-demo-check', name: 'Demo Check' } });
    assert.equal(response.status, 200);
  });

  test('import applies a file in one go and prints the summary', async () => {
    companyId = (await runJson(['companies', 'create', '--name', 'Import Roasters'])).id;
    await runJson(['users', 'create', '--company', companyId, '--email', 'ops@import.example', '--role', 'admin']);
    token = (await runJson(['tokens', 'create', '--company', companyId, '--owner', 'ops@import.example', '--scopes', 'all', '--mode', 'live'])).token;

    const file = ndjson('story.ndjson', foundationStory(companyId));
    const summary = await runJson(['import', file]);
    assert.equal(summary.file, file);
    assert.equal(summary.applied, 6);
    assert.equal(summary.unchanged, 0);
    assert.deepEqual(summary.by_op, {
      upsert_partner: { applied: 1, unchanged: 0 },
      upsert_project: { applied: 1, unchanged: 0 },
      upsert_planting: { applied: 1, unchanged: 0 },
      complete_planting: { applied: 1, unchanged: 0 },
      record_allocation: { applied: 1, unchanged: 0 },
      record_monitoring: { applied: 1, unchanged: 0 },
    });
    assert.equal(typeof summary.elapsed_ms, 'number');
    assert.ok(summary.events > 0);
    assert.equal((await eventIds()).length, summary.events, 'the new company sees exactly the events the import wrote');
    assert.equal(await treesTotal(), 40);
  });

  test('importing the same file again changes nothing and writes no event', async () => {
    const before = await eventIds();
    // A child process: its stderr is a pipe, not a terminal.
    const replayed = await canopy(['import', path.join(workDir, 'story.ndjson')]);
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.match(replayed.stdout, /6 operations applied, 6 of them unchanged \(replays\), 0 events written/);
    assert.match(replayed.stdout, /record_allocation\s+1\s+1/);
    assert.equal(replayed.stderr, '', 'no progress line when stderr is not a terminal');
    assert.deepEqual(await eventIds(), before);
  });

  test('a line may carry the message_id of the foundation API: seen before, it is a replay, or refused with other content', async () => {
    const message = (name: string) => ({ op: 'upsert_partner', input: { ref: 'cli-ptn-msg', name }, message_id: 'cli-msg-1' });
    const first = await runJson(['import', ndjson('message-1.ndjson', [message('First name')])]);
    assert.equal(first.unchanged, 0);
    const replay = await runJson(['import', ndjson('message-1b.ndjson', [message('First name')])]);
    assert.equal(replay.unchanged, 1);
    const reused = await run(['import', ndjson('message-2.ndjson', [message('Second name')])]);
    assert.equal(reused.code, 1);
    assert.match(reused.stderr, /line 1 \(upsert_partner\) was refused: message_id_reused/);
  });

  test('a refused operation on line 4 names it and applies nothing', async () => {
    const eventsBefore = await eventIds();
    const file = ndjson('bad.ndjson', [
      { op: 'upsert_partner', input: { ref: 'cli-ptn-never', name: 'Never Applied' } },
      '',
      { op: 'record_allocation', input: { ref: 'cli-alloc-never', company_id: companyId, livemode: true, planting_ref: 'cli-plt-1', trees: 5 } },
      { op: 'record_allocation', input: { ref: 'cli-alloc-bad', company_id: companyId, livemode: true, planting_ref: 'cli-plt-missing', trees: 5 } },
      { op: 'complete_planting', input: { ref: 'cli-plt-1' } },
    ]);
    const refused = await run(['import', file]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /line 4 \(record_allocation\) was refused: reference_not_found \(field planting_ref\): No planting with planting_ref "cli-plt-missing"/);
    assert.match(refused.stderr, /Nothing from .*bad\.ndjson was applied/);

    const json = await run(['import', file, '--json']);
    assert.equal(json.code, 1);
    assert.deepEqual(JSON.parse(json.stderr).error, {
      file, line: 4, op: 'record_allocation', code: 'reference_not_found', field: 'planting_ref',
      message: 'No planting with planting_ref "cli-plt-missing".', applied_before: 0,
    });
    assert.equal(await treesTotal(), 40, 'line 3 was rolled back with line 4');
    assert.deepEqual(await eventIds(), eventsBefore);
  });

  test('a malformed line is refused before anything is applied', async () => {
    const valid = { op: 'record_allocation', input: { ref: 'cli-alloc-early', company_id: companyId, livemode: true, planting_ref: 'cli-plt-1', trees: 5 } };
    const cases: [string, (object | string)[], RegExp][] = [
      ['broken.ndjson', [valid, '{"op": "record_allocation", "input": {'], /Line 2 is not valid JSON/],
      ['no-input.ndjson', [valid, '', { op: 'complete_planting' }], /Line 3 must be an object \{"op": "\.\.\.", "input": \{\.\.\.\}\} with an optional "message_id"/],
      ['unknown-op.ndjson', [{ op: 'plant_forest', input: {} }], /Line 1 names an unknown operation "plant_forest"; use one of upsert_partner, /],
      ['extra-field.ndjson', [{ ...valid, message_id: 'm-1', at: 'now' }], /Line 1 has an unknown field "at"/],
      ['deep.ndjson', [valid, valid, `{"op": "upsert_partner", "input": {"ref": "deep", "name": ${'['.repeat(5000)}${']'.repeat(5000)}}}`],
        /Line 3 nests objects and arrays more than 64 levels deep/],
    ];
    for (const [name, lines, message] of cases) {
      const refused = await run(['import', ndjson(name, lines)]);
      assert.equal(refused.code, 1, name);
      assert.match(refused.stderr, message);
      assert.match(refused.stderr, /Nothing was applied/);
    }
    assert.equal(await treesTotal(), 40);
  });

  test(
    'a relative FILE is read from the caller\'s folder, also when serve runs the import',
    async () => {
      const elsewhere = path.join(workDir, 'exports');
      mkdirSync(elsewhere, { recursive: true });
      writeFileSync(path.join(elsewhere, 'partner.ndjson'), `${JSON.stringify({ op: 'upsert_partner', input: { ref: 'cli-rel-1', name: 'Relative' } })}\n`);
      const summary = await canopyJson(['import', 'partner.ndjson'], { cwd: elsewhere });
      assert.equal(summary.file, path.join(elsewhere, 'partner.ndjson'));
    },
  );

  test('without serve, the CLI imports a relative FILE itself', async () => {
    serve?.child.kill('SIGTERM');
    assert.equal(await serve?.exited, 0);
    serve = null;
    const elsewhere = path.join(workDir, 'exports');
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(path.join(elsewhere, 'partner.ndjson'), `${JSON.stringify({ op: 'upsert_partner', input: { ref: 'cli-rel-2', name: 'Relative' } })}\n`);
    const summary = await canopyJson(['import', 'partner.ndjson'], { cwd: elsewhere });
    assert.equal(summary.file, path.join(elsewhere, 'partner.ndjson'));
    assert.equal(summary.applied, 1);
  });
});

describe('import helpers', () => {
  test('withAbsoluteImportFile resolves FILE against the caller\'s folder and leaves other commands alone', () => {
    assert.deepEqual(withAbsoluteImportFile(['import', '--json', 'a/b.ndjson'], '/home/op'), ['import', '--json', '/home/op/a/b.ndjson']);
    assert.deepEqual(withAbsoluteImportFile(['import', '/data/x.ndjson'], '/home/op'), ['import', '/data/x.ndjson']);
    assert.deepEqual(withAbsoluteImportFile(['tokens', 'revoke', 'tok_1'], '/home/op'), ['tokens', 'revoke', 'tok_1']);
  });

  test('the progress line redraws at most every 100 ms, always at the end, and clears itself', () => {
    let clock = 0;
    const written: string[] = [];
    const progress = startProgressLine(4, { columns: 80, write: (text: string) => written.push(text) }, () => clock);
    progress.update(1);
    clock = 150;
    progress.update(2);
    progress.update(3);
    progress.update(4);
    progress.stop();
    assert.equal(written.length, 4, 'start, 2 after 150 ms, the final 4, the clear');
    assert.match(written[1] ?? '', /Importing \[#+-+\] 2\/4 {2}50% 0\.1 s$/);
    assert.match(written[2] ?? '', /\[#{40}\] 4\/4 100%/);
    assert.equal(written[3], '\r\x1b[2K');
  });
});
