#!/usr/bin/env node
/**
 * `npm run bench:smoke`: runs every benchmark of package.json (the `bench` and `bench:*`
 * scripts) once in a tiny configuration, seconds each instead of minutes, so that a
 * benchmark that no longer compiles, crashes or fails its own checks is noticed (CI runs
 * it). The figures it prints mean nothing; only whether each benchmark still runs.
 *
 *   npm run bench:smoke                          every benchmark, on PGlite
 *   npm run bench:smoke -- write webhooks        some of them (script names, with or without "bench:")
 *   npm run bench:smoke -- --verbose             also show each benchmark's report and progress
 *   BENCH_DATABASE_URL=postgres://... npm run bench:smoke
 *                                                on PGlite and on PostgreSQL, and the benchmarks
 *                                                that need PostgreSQL (bench:processes), which
 *                                                are skipped without it
 *
 * Each benchmark runs as `node --import tsx bench/<file>.ts` with the smallest sizes that
 * still take each of its code paths (SMOKE below: its own flags, nothing made for the smoke
 * run), in a process group of its own, with a temp folder of its own as TMPDIR inside one
 * folder for the run. Two run at a time (BENCH_SMOKE_CONCURRENCY; one with --verbose, so
 * that their output does not interleave): each is mostly one process on one core, and its
 * figures mean nothing here anyway. It fails, named, when it exits non-zero, runs longer than the
 * timeout, prints no markdown report on stdout, leaves a process running or leaves
 * anything in its temp folder (tsx's compile cache aside); the run's folder is removed at
 * the end. A `bench:*` script with no entry in SMOKE fails the run, so that a new benchmark
 * is not forgotten. Only BENCH_DATABASE_URL selects PostgreSQL: DATABASE_URL is not passed
 * to the benchmarks. No report file is written (no --json, nothing in bench/RESULTS.md).
 *
 * Environment: BENCH_DATABASE_URL (a PostgreSQL server the benchmarks create and drop
 * their databases on), BENCH_SMOKE_TIMEOUT_SECONDS (per benchmark, default 180),
 * BENCH_SMOKE_CONCURRENCY (benchmarks at a time, default 2, the machine's cores).
 * Takes about a minute on PGlite on 2 cores.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How each benchmark is made small. `db`: `choose` takes --db and --database-url (PGlite,
 * plus PostgreSQL when BENCH_DATABASE_URL is set); `pglite` runs on the embedded database
 * only; `postgres` needs a PostgreSQL server (--database-url) and is skipped without one.
 */
const SMOKE = {
  // 200 allocations, pages of 10: page 3 is the deep page (it needs at least 2 pages before
  // the middle), with and without status=planted.
  bench: { db: 'choose', args: ['--rows', '200', '--page-size', '10', '--deep-page', '3', '--repeat', '1', '--warmup', '1'] },
  // A, B and C: one timed operation on an empty and on a 10-allocation planting, an import of
  // 5 over 2 plantings, one batch of 2, reads every 10 ms.
  'bench:write': {
    db: 'choose',
    args: ['--ops', '1', '--warmup', '0', '--allocations', '10', '--import-ops', '5', '--plantings', '2', '--read-interval', '10', '--batches', '1', '--batch-size', '2'],
  },
  // 2,000 allocations (10,000 trees: more than 2 clients can give away in a second), 2 clients for 1 s.
  'bench:recipients': { db: 'choose', args: ['--rows', '2000', '--clients', '2', '--seconds', '1', '--warmup-seconds', '0'] },
  // One PDF, then each page with 1 client for half a second.
  'bench:certificates': { db: 'pglite', args: ['--pdfs', '1', '--concurrency', '1', '--seconds', '0.5'] },
  // Two share images drawn of each certificate, then each request with 1 client for half a second, no warm-up.
  'bench:certificate-pages': { db: 'pglite', args: ['--draws', '2', '--concurrency', '1', '--seconds', '0.5', '--warmup', '0'] },
  // Its world (12 projects, 300 plantings through the foundation's operations) is fixed: most of its minute is seeding.
  'bench:impact-page': { db: 'pglite', args: ['--allocations', '2000', '--repeat', '1', '--warmup', '0', '--profile', '0'] },
  // A: a warm-up of 2 deliveries, then 20 to 2 endpoints; B: 20 events in 1 s per wake-up
  // (commit and poll; notify too on PostgreSQL).
  'bench:webhooks': {
    db: 'choose',
    args: ['--deliveries', '20', '--endpoints', '2', '--concurrency', '4', '--per-endpoint', '4', '--warmup', '2', '--rate', '20', '--seconds', '1'],
  },
  // Large company: 400 legacy trees + 200 planted, 6 pages of 100, so that every kind of page
  // is asked (page 1, middle, last legacy-only, first allocations-only, last); the small one
  // has 2 pages.
  'bench:v1': {
    db: 'choose',
    args: [
      '--legacy', '400', '--planted', '200', '--pledged', '10', '--other-legacy', '100', '--other-planted', '10', '--other-pledged', '10',
      '--small-legacy', '5', '--small-planted', '100', '--per-donation', '50', '--real', '1', '--repeat', '1', '--warmup', '0',
    ],
  },
  // One fresh start, no warm restart (a restart is the same spawn, on the folder the start made).
  'bench:cold-start': { db: 'pglite', args: ['--runs', '1', '--warm', '0'] },
  // 300 allocations (3 pages), 1 client, 1 round of 1 s per route (and a warm-up of each).
  'bench:auth': { db: 'choose', args: ['--rows', '300', '--clients', '1', '--seconds', '1', '--rounds', '1'] },
  // A: 1 timed call per row; B: 1 client, 1 round of 1 s, no warm-up.
  'bench:rate-limits': { db: 'choose', args: ['--checks', '1', '--clients', '1', '--seconds', '1', '--warmup-seconds', '0', '--rounds', '1'] },
  // Two API processes (the case one process does not take), 1,000 allocations, 2 clients for 1 s.
  'bench:processes': { db: 'postgres', args: ['--processes', '2', '--rows', '1000', '--clients', '2', '--seconds', '1', '--warmup-seconds', '0'] },
  // The impact bench's world (most of its minute is seeding), 2,000 allocations; every dashboard page once, no warm-up.
  'bench:dashboard': { db: 'pglite', args: ['--allocations', '2000', '--repeat', '1', '--warmup', '0'] },
  // The impact bench's world again (most of its time is seeding), 2,000 allocations and 100 more plantings; each export once.
  'bench:export': { db: 'choose', args: ['--allocations', '2000', '--plantings', '100', '--repeat', '1'] },
  // A CSV upload of 60 rows: preview, giving (a chunk of 50 and a short one), the same file again.
  'bench:recipient-upload': { db: 'choose', args: ['--rows', '60'] },
};

const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 180) * 1000;
if (!(timeoutMs > 0)) fail('BENCH_SMOKE_TIMEOUT_SECONDS must be a number of seconds');
const concurrency = Number(process.env.BENCH_SMOKE_CONCURRENCY ?? 2);
if (!Number.isInteger(concurrency) || concurrency < 1) fail('BENCH_SMOKE_CONCURRENCY must be a whole number of at least 1');
const postgresUrl = process.env.BENCH_DATABASE_URL || null;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
for (const arg of args) if (arg.startsWith('-') && arg !== '--verbose') fail(`unknown option ${arg} (only --verbose)`);
const wanted = args.filter((arg) => !arg.startsWith('-')).map((name) => (name === 'bench' || name.startsWith('bench:') ? name : `bench:${name}`));

function fail(message) {
  console.error(`bench:smoke: ${message}`);
  process.exit(1);
}

// The benchmarks, from package.json: `node --import tsx bench/<file>.ts`.
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const benchmarks = [];
const problems = [];
for (const [name, command] of Object.entries(scripts)) {
  if (!/^bench(:|$)/.test(name) || name === 'bench:smoke') continue;
  const file = /^node --import tsx (bench\/[\w./-]+\.ts)$/.exec(command)?.[1];
  if (!file) problems.push(`${name}: its script is not "node --import tsx bench/<file>.ts" (${command}); teach scripts/bench-smoke.mjs how to run it`);
  else if (!SMOKE[name]) problems.push(`${name}: no smoke configuration; add one to SMOKE in scripts/bench-smoke.mjs`);
  else benchmarks.push({ name, file, ...SMOKE[name] });
}
for (const name of Object.keys(SMOKE)) if (!scripts[name]) problems.push(`${name}: in SMOKE of scripts/bench-smoke.mjs but not in package.json`);
for (const name of wanted) if (!benchmarks.some((b) => b.name === name)) fail(`no benchmark ${name} (known: ${benchmarks.map((b) => b.name).join(', ')})`);
const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;

const runDir = mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-smoke-'));
/** The benchmarks' processes running now. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child.pid, 'SIGKILL');
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    console.error(`bench:smoke: stopped by ${signal}`);
    process.exit(1);
  });
}

/** Signals the benchmark's process group (it and every process it started); false when none is left. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * The live processes of a process group, as "pid command" (zombies, which only wait to be
 * reaped, not counted); from /proc, or where there is none, whether the group has any.
 */
function groupMembers(pgid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return killGroup(pgid, 0) ? [`process group ${pgid}`] : [];
  }
  const members = [];
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      members.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 100)}`);
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one benchmark; resolves with what went wrong (empty when nothing did), its output and its time. */
async function runBenchmark(benchmark, benchArgs, tmpDir) {
  const env = { ...process.env, TMPDIR: tmpDir };
  // The benchmarks would take DATABASE_URL as their PostgreSQL server; only --database-url names one here.
  delete env.DATABASE_URL;
  delete env.BENCH_DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', benchmark.file, ...benchArgs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    if (verbose) process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (verbose) process.stderr.write(chunk);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5000).unref();
  }, timeoutMs);
  const [code, signal] = await new Promise((resolve) => child.once('exit', (...exit) => resolve(exit)));
  const ms = performance.now() - started;
  clearTimeout(timer);

  const wrong = [];
  if (timedOut) wrong.push(`timed out after ${timeoutMs / 1000} s`);
  else if (signal) wrong.push(`killed by ${signal}`);
  else if (code !== 0) wrong.push(`exited with ${code}`);
  // What it started must be gone soon after it: give them 3 s, then end them.
  let stray = groupMembers(child.pid);
  for (let waited = 0; waited < 3000 && stray.length > 0; waited += 100) {
    await sleep(100);
    stray = groupMembers(child.pid);
  }
  if (stray.length > 0) {
    killGroup(child.pid, 'SIGKILL');
    if (!timedOut) wrong.push(`left ${stray.length} process(es) running, killed: ${stray.join('; ')}`);
  }
  await Promise.race([new Promise((resolve) => (child.stdout.closed && child.stderr.closed ? resolve() : child.once('close', resolve))), sleep(2000)]);
  running.delete(child);
  if (wrong.length === 0 && !/^# /m.test(stdout)) wrong.push('printed no markdown report on stdout');
  const left = readdirSync(tmpDir).filter((entry) => !entry.startsWith('tsx-'));
  if (left.length > 0) wrong.push(`left ${left.join(', ')} in its temp folder`);
  return { wrong, stdout, stderr, ms };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const runStarted = performance.now();
const results = [];
const atOnce = verbose ? 1 : Math.min(concurrency, selected.length);
console.log(`bench:smoke: ${selected.length} benchmark(s) on ${postgresUrl ? 'PGlite and PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}, ${atOnce} at a time, timeout ${timeoutMs / 1000} s each`);

/** Runs one benchmark and prints its line (and, when it failed, the end of its output) as one block. */
async function smoke(benchmark) {
  const benchArgs = [...benchmark.args];
  if (benchmark.db === 'choose') benchArgs.push('--db', postgresUrl ? 'pglite,postgres' : 'pglite', ...(postgresUrl ? ['--database-url', postgresUrl] : []));
  if (benchmark.db === 'postgres') {
    if (!postgresUrl) {
      console.log(`${benchmark.name.padEnd(20)} skipped: needs PostgreSQL (set BENCH_DATABASE_URL)`);
      results.push({ name: benchmark.name, status: 'skipped' });
      return;
    }
    benchArgs.push('--database-url', postgresUrl);
  }
  const shown = `node --import tsx ${benchmark.file} ${benchArgs.join(' ')}`.replace(postgresUrl ?? '\0', '$BENCH_DATABASE_URL');
  if (verbose) console.log(`\n== ${benchmark.name}: ${shown}`);
  const tmpDir = mkdtempSync(path.join(runDir, 'b-'));
  const { wrong: found, stdout, stderr, ms } = await runBenchmark(benchmark, benchArgs, tmpDir);
  rmSync(tmpDir, { recursive: true, force: true, maxRetries: 3 });
  results.push({ name: benchmark.name, status: found.length === 0 ? 'ok' : 'FAILED', ms });
  const block = [`${benchmark.name.padEnd(20)} ${found.length === 0 ? 'ok    ' : 'FAILED'} ${seconds(ms).padStart(8)}`];
  if (found.length > 0) {
    problems.push(`${benchmark.name}: ${found.join('; ')}`);
    if (!verbose) {
      // Progress and errors go to stderr; the report (stdout) only when stderr is empty.
      const [where, text] = stderr.trim() ? ['stderr', stderr] : ['stdout', stdout];
      const lines = text.trimEnd().split('\n');
      block.push(`   ${shown}\n   the last ${Math.min(lines.length, 50)} lines of its ${where}:`, ...lines.slice(-50).map((line) => `   | ${line}`));
    }
  }
  console.log(block.join('\n'));
}

// `atOnce` lanes, each taking the next benchmark in package.json's order when its last one ends.
const queue = [...selected];
await Promise.all(Array.from({ length: atOnce }, async () => {
  for (let next = queue.shift(); next; next = queue.shift()) await smoke(next);
}));
rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });

const count = (status) => results.filter((r) => r.status === status).length;
console.log(`bench:smoke: ${count('ok')} ok, ${count('FAILED')} failed, ${count('skipped')} skipped in ${seconds(performance.now() - runStarted)}`);
for (const problem of problems) console.error(`bench:smoke: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
