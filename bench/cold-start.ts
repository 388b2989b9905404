/**
 * Cold start of `npm start` (issue 12): the time from spawning `canopy serve --seed-demo`
 * on the embedded database to its first HTTP answer, and the peak resident memory of the
 * process (the kernel's high-water mark, VmHWM), for a fresh data folder (the cluster is
 * created, migrated and seeded with the demo) and for a warm restart on that folder.
 *
 *   npm run bench:cold-start                 # 3 fresh starts, each followed by 2 warm restarts
 *   npm run bench:cold-start -- --runs 5 --warm 3
 *
 * Prints a markdown report on stdout; progress on stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { wholeNumber } from './args.ts';
import { freePort } from './targets.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, warm: { type: 'string', default: '2' } },
});
const runs = wholeNumber('runs', values.runs);
const warmRestarts = wholeNumber('warm', values.warm, 0);

interface Start {
  kind: 'fresh' | 'warm';
  firstAnswerMs: number;
  peakRssMb: number;
  /** Resident memory once the first answer came, when the demo data is being served. */
  rssAtAnswerMb: number;
}

const log = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** VmHWM and VmRSS of a process, in MB, from /proc (Linux). */
function memoryOf(pid: number): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peak: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

async function firstAnswer(port: number, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`canopy serve exited with ${child.exitCode} before answering`);
    try {
      await fetch(`http://127.0.0.1:${port}/v2/me`, { signal: AbortSignal.timeout(1000) });
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

async function startOnce(kind: Start['kind'], dataDir: string): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, CANOPY_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/canopy.mjs', 'serve', '--seed-demo'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  try {
    const firstAnswerMs = await firstAnswer(port, child, started);
    const { peak, rss } = memoryOf(child.pid!);
    return { kind, firstAnswerMs, peakRssMb: peak, rssAtAnswerMb: rss };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const loadBefore = loadavg();
const starts: Start[] = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-cold-'));
  try {
    const fresh = await startOnce('fresh', dataDir);
    log(`run ${run}: fresh start answered after ${fresh.firstAnswerMs.toFixed(0)} ms, peak ${fresh.peakRssMb.toFixed(0)} MB`);
    starts.push(fresh);
    for (let restart = 1; restart <= warmRestarts; restart++) {
      const warm = await startOnce('warm', dataDir);
      log(`run ${run}: warm restart answered after ${warm.firstAnswerMs.toFixed(0)} ms, peak ${warm.peakRssMb.toFixed(0)} MB`);
      starts.push(warm);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (n: number) => n.toFixed(0);
const load = (averages: number[]) => averages.map((n) => n.toFixed(2)).join(' ');

console.log(`# Cold start of npm start (${new Date().toISOString().slice(0, 10)}, Node ${process.version})\n`);
console.log(`Load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadavg())}.\n`);
console.log('| start | runs | first answer (median) | min | max | peak RSS (median) | max | RSS at first answer (median) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const kind of ['fresh', 'warm'] as const) {
  const of = starts.filter((start) => start.kind === kind);
  if (of.length === 0) continue;
  const times = of.map((start) => start.firstAnswerMs);
  const peaks = of.map((start) => start.peakRssMb);
  console.log(
    `| ${kind} | ${of.length} | ${fixed(median(times))} ms | ${fixed(Math.min(...times))} | ${fixed(Math.max(...times))} | ${fixed(median(peaks))} MB | ${fixed(Math.max(...peaks))} | ${fixed(median(of.map((start) => start.rssAtAnswerMb)))} MB |`,
  );
}
