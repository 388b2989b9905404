/**
 * Benchmark: a CSV upload of recipients in the dashboard (issue 26), end to end over HTTP,
 * on PGlite and on PostgreSQL: a signed-in person sends a file of --rows rows (default
 * 10,000, one tree each, every column filled) as multipart/form-data; the preview (read,
 * check every row, store) and its page are timed; the person starts the giving and the
 * worker's job gives every row, in chunks (timed, rows per second); then the same file is
 * uploaded again (every row skipped). Peak resident memory of the process (which holds
 * PGlite) is sampled throughout. The invariants are checked: every row given once, the
 * company's unassigned trees down by exactly the rows' trees.
 *
 *   npm run bench:recipient-upload -- [--rows 10000] [--db pglite|postgres|pglite,postgres] [--database-url URL]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { installFeatures, JOBS } from '../src/features.ts';
import { createCompany } from '../src/operator/companies.ts';
import { createUser } from '../src/operator/users.ts';
import { hashPassword } from '../src/platform/dashboard/passwords.ts';
import { runDueJobs } from '../src/platform/jobs/worker.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { insertAllocation } from '../src/domain/allocations.ts';
import { newId } from '../src/core/ids.ts';
import { databaseTargets, type DatabaseTarget, wholeNumber } from './args.ts';
import { type BenchDatabase, log, openPGlite, openPostgres } from './targets.ts';

const { values: opts } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, db: { type: 'string' }, 'database-url': { type: 'string' } } });
const rows = wholeNumber('rows', opts.rows);
const { targets, postgresUrl } = databaseTargets(opts);
const SECRET = 'bench-secret-key-of-at-least-32-characters';
const PASSWORD = 'a benchmark password of some length';

interface Result {
  label: string;
  previewMs: number;
  previewPageMs: number;
  givingMs: number;
  againPreviewMs: number;
  peakRssMb: number;
  ok: boolean;
}

function memoryWatch() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  return { peakMb: () => Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20), stop: () => clearInterval(timer) };
}

function csvFile(count: number): Buffer {
  const lines = ['first_name;last_name;email;language;trees;external_reference;message;send_email;project'];
  for (let n = 1; n <= count; n++) lines.push(`Voornaam${n};Achternaam ${n};klant${n}@example.com;${n % 2 ? 'nl' : 'en'};1;BENCH-${n};"Bedankt voor bestelling ${n}; tot ziens!";false;`);
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** A browser's session: cookies kept, the CSRF token of the last form read. */
class Session {
  cookies = new Map<string, string>();
  csrf = '';
  constructor(readonly base: string) {}
  async send(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const response = await fetch(`${this.base}${path}`, { method, body, redirect: 'manual', headers: { ...headers, cookie, connection: 'close' } });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text);
    if (token) this.csrf = token[1]!;
    return { status: response.status, location: response.headers.get('location'), text };
  }
  form(path: string, fields: Record<string, string>) {
    return this.send('POST', path, new URLSearchParams({ _csrf: this.csrf, ...fields }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  }
  async upload(file: Buffer) {
    await this.send('GET', '/dashboard/recipients/upload');
    const form = new FormData();
    form.append('_csrf', this.csrf);
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'customers.csv');
    const answer = await this.send('POST', '/dashboard/recipients/upload', form);
    if (answer.status !== 303) throw new Error(`upload answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.location!.split('/').at(-1)!;
  }
}

async function runOn(target: DatabaseTarget): Promise<Result> {
  const bench: BenchDatabase = target === 'pglite' ? await openPGlite(openDatabase, { dir: 'memory' }) : await openPostgres(openDatabase, postgresUrl!, { log });
  const memory = memoryWatch();
  const { db } = bench.database;
  try {
    await migrate(bench.database);
    installFeatures();
    const config = loadConfig({ ...process.env, PUBLIC_BASE_URL: 'http://canopy.test', CANOPY_SECRET_KEY: SECRET, DATABASE_URL: bench.url ?? '' });
    const app = await buildApp({ config: { ...config, secretKey: SECRET }, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const company = await createCompany(db, { name: 'Bench Upload Company', plan: 'grow', country: 'NL' });
      const email = 'bench-upload@example.com';
      const user = await createUser(db, { companyId: company.id, email, name: 'Bench', role: 'member' });
      await db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 }) }).where('id', '=', user.id).execute();
      // Trees: allocations of 100, so that a row's tree comes from the oldest and most rows split one.
      const partner = await db.insertInto('partners').values({ id: newId('partner'), foundation_ref: 'ptn-bench', name: 'Bench', country: 'KE' }).returningAll().executeTakeFirstOrThrow();
      const project = await db.insertInto('projects').values({
        id: newId('project'), foundation_ref: 'prj-bench', partner_id: partner.id, name: JSON.stringify({ en: 'Bench' }), description: JSON.stringify({ en: '' }),
        country: 'KE', region: JSON.stringify({ en: '' }), ecosystem_type: 'tropical_montane_forest', started_at: '2023-03-01', latitude: 0, longitude: 0,
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [0.01, 0], [0.01, 0.01], [0, 0]]] }), photos: '[]', default_species: '[]', sdg_goals: [], foundation_url: null,
      }).returningAll().executeTakeFirstOrThrow();
      const planting = await db.insertInto('plantings').values({
        id: newId('planting'), foundation_ref: 'plt-bench', livemode: true, project_id: project.id, partner_id: partner.id, planted_at: '2024-04-15', trees: rows * 2,
        species: '[]', latitude: 0, longitude: 0, geometry: project.geometry === null ? null : JSON.stringify(project.geometry), photos: '[]', planting_method: 'seedlings', notes: JSON.stringify({ en: '' }),
        completed_at: new Date(),
      }).returningAll().executeTakeFirstOrThrow();
      for (let i = 0; i < Math.ceil(rows / 100) + 1; i++) {
        await insertAllocation(db, { companyId: company.id, livemode: true, planting, trees: 100, status: 'planted', source: 'foundation', createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000) });
      }
      const unassigned = async () => Number((await db.selectFrom('company_totals').select('trees_unassigned').where('company_id', '=', company.id).where('livemode', '=', true).executeTakeFirstOrThrow()).trees_unassigned);
      const before = await unassigned();

      const session = new Session(base);
      await session.send('GET', '/dashboard/sign-in');
      const signIn = await session.form('/dashboard/sign-in', { email, password: PASSWORD });
      if (signIn.status !== 303) throw new Error(`sign-in answered ${signIn.status}`);
      const file = csvFile(rows);
      log(`${bench.label}: uploading ${rows} rows (${(file.length / 1024).toFixed(0)} KB)`);
      let started = performance.now();
      const id = await session.upload(file);
      const previewMs = performance.now() - started;
      started = performance.now();
      const preview = await session.send('GET', `/dashboard/uploads/${id}`);
      const previewPageMs = performance.now() - started;
      if (!preview.text.includes('give_until_out')) throw new Error(`no preview form: ${preview.text.slice(0, 300)}`);
      const start = await session.form(`/dashboard/uploads/${id}/start`, { when_short: 'refuse_upload' });
      if (start.status !== 303) throw new Error(`start answered ${start.status}`);
      log(`${bench.label}: preview ${previewMs.toFixed(0)} ms; giving`);
      const mailer = createMailer({ smtpUrl: null, from: 'Bench <bench@canopy.test>', outboxDir: os.tmpdir() });
      started = performance.now();
      // The upload's job only: the certificates it queues are another benchmark's (bench:certificates).
      const uploadJobs = { kinds: new Map([...JOBS.kinds].filter(([name]) => name === 'give_recipient_upload')), housekeeping: [] };
      await runDueJobs(db, { jobs: uploadJobs, services: { publicBaseUrl: 'http://canopy.test', secretKey: SECRET, mailer } });
      const givingMs = performance.now() - started;
      const upload = await db.selectFrom('recipient_uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      started = performance.now();
      const again = await session.upload(file);
      const againPreviewMs = performance.now() - started;
      const second = await db.selectFrom('recipient_uploads').selectAll().where('id', '=', again).executeTakeFirstOrThrow();
      const given = Number((await db.selectFrom('recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow()).n);
      const ok = upload.status === 'done' && upload.rows_given === rows && given === rows && second.rows_skipped === rows && before - (await unassigned()) === rows;
      if (!ok) log(`${bench.label}: INVARIANTS FAILED: ${JSON.stringify({ status: upload.status, given: upload.rows_given, recipients: given, skipped: second.rows_skipped })}`);
      return { label: bench.label, previewMs, previewPageMs, givingMs, againPreviewMs, peakRssMb: memory.peakMb(), ok };
    } finally {
      await app.close();
    }
  } finally {
    memory.stop();
    await bench.close();
  }
}

const results: Result[] = [];
for (const target of targets) results.push(await runOn(target));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
console.log(`# CSV upload of ${rows.toLocaleString('en')} recipients, end to end (${os.cpus().length} cores, Node ${process.version})\n`);
console.log('| database | upload + preview | preview page | giving (job) | rows/s given | same file again | peak RSS | invariants |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.label} | ${seconds(r.previewMs)} s | ${r.previewPageMs.toFixed(0)} ms | ${seconds(r.givingMs)} s | ${Math.round(rows / (r.givingMs / 1000))} | ${seconds(r.againPreviewMs)} s | ${r.peakRssMb} MB | ${r.ok ? 'ok' : 'FAILED'} |`);
}
if (results.some((r) => !r.ok)) process.exit(1);
