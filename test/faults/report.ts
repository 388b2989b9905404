import os from 'node:os';
import type { Answer } from './client.ts';
import type { DeliveryFigures } from './check-delivery.ts';
import type { WriteKind, WriteRecord } from './load.ts';

/** The figures of a run, printed as a short report (and kept for bench/RESULTS.md). */
export interface RunFigures {
  seed: number;
  writes: number;
  concurrency: number;
  setupMs: number;
  loadMs: number;
  /** Into the load, when the API process and the worker were killed, and how long until both answered again. */
  killAtMs: number | null;
  restartMs: number | null;
  drainMs: number | null;
  totalMs: number;
  stock: number;
  delivery: Partial<DeliveryFigures>;
}

const KINDS: readonly WriteKind[] = ['create_recipient', 'create_gift_code', 'claim_test', 'claim_page', 'delete_recipient'];

const seconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** "200", "422 no_trees_available", "303 after a lost attempt", "gave_up". */
function outcome(answer: Answer): string {
  const last = answer.attempts.at(-1);
  const code = typeof answer.status === 'number' && answer.status >= 400 && last?.code ? ` ${last.code}` : '';
  return `${answer.status}${code}`;
}

export function printReport(records: readonly WriteRecord[], figures: RunFigures, write: (line: string) => void): void {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  write(`machine: ${os.cpus().length} cores, load average ${one} ${five} ${fifteen}, node ${process.version}`);
  write(`load: ${figures.writes} writes, ${figures.concurrency} in flight, over 2 API processes and 2 workers (seed ${figures.seed})`);

  write('writes by kind and final answer:');
  for (const kind of KINDS) {
    const mine = records.filter((record) => record.kind === kind);
    const counts = new Map<string, number>();
    for (const record of mine) counts.set(outcome(record.answer), (counts.get(outcome(record.answer)) ?? 0) + 1);
    const parts = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([status, n]) => `${status}: ${n}`);
    write(`  ${kind.padEnd(17)} ${String(mine.length).padStart(5)}  ${parts.join(', ')}`);
  }

  const answers = records.flatMap((record) => record.legs ?? [record.answer]);
  const attempts = answers.flatMap((answer) => answer.attempts);
  const count = (test: (status: Answer['attempts'][number]) => boolean) => attempts.filter(test).length;
  write(
    `attempts: ${attempts.length} requests for ${records.length} writes; connections refused ${count((a) => a.status === 'refused')}, lost ${count((a) => a.status === 'lost')}, ` +
      `timeouts ${count((a) => a.status === 'timeout')}, 409 request_in_progress ${count((a) => a.code === 'request_in_progress')}, ` +
      `replayed (Idempotent-Replayed) ${count((a) => a.replayed)}, 5xx ${count((a) => typeof a.status === 'number' && a.status >= 500)}; ` +
      `${records.filter((record) => record.legs).length} creates sent to both processes at once`,
  );

  const asked = records.filter((r) => r.kind === 'create_recipient' || r.kind === 'create_gift_code').reduce((sum, r) => sum + (r.trees ?? 0), 0);
  write(`trees: ${figures.stock} unassigned at the start (all companies and modes), ${asked} asked for by creates`);

  const latencies = records.map((record) => record.endedAt - record.startedAt).sort((a, b) => a - b);
  const perSecond = figures.loadMs > 0 ? (records.length / (figures.loadMs / 1000)).toFixed(1) : 'n/a';
  write(
    `timings: setup ${seconds(figures.setupMs)}, load ${seconds(figures.loadMs)} (${perSecond} writes/s), ` +
      `write latency p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1) ?? 0} ms`,
  );
  write(
    `faults: SIGKILL of api-2 and worker-2 at ${seconds(figures.killAtMs)} into the load, both answering again ${seconds(figures.restartMs)} later; ` +
      `drained ${seconds(figures.drainMs)} after the load ended; total ${seconds(figures.totalMs)}`,
  );
  const d = figures.delivery;
  write(
    `delivery: ${d.events ?? '?'} events, ${d.requests ?? '?'} webhook requests, ${d.duplicateEvents ?? '?'} events received more than once; ` +
      `${d.emails ?? '?'} emails to ${d.emailedRecipients ?? '?'} addresses, ${d.duplicateEmails ?? '?'} duplicated; ${d.retriedJobs ?? '?'} jobs left with an error`,
  );
  const bySender = (counts: Record<string, number> | undefined) => Object.entries(counts ?? {}).map(([name, n]) => `${name} ${n}`).join(', ') || 'none';
  write(`sent by (process-start): webhooks ${bySender(d.webhooksBySender)}; emails ${bySender(d.emailsBySender)}`);
}
