/** Timing of HTTP requests, percentiles, and the markdown report of the benchmark. */

export interface Scenario {
  name: string;
  path: string;
  /** The id the page must start with, when known: a wrong page is a failed benchmark. */
  firstId: string | null;
}

export interface Timing {
  name: string;
  path: string;
  samplesMs: number[];
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export type TargetResult =
  | {
      label: string;
      rows: number;
      seedSeconds: number;
      tableMb: number;
      peakRssMb: number;
      countersOk: boolean;
      timings: Timing[];
      queryTimings: Timing[];
      plans: { sql: string; plan: string }[];
    }
  | { label: string; rows: number; error: string };

/**
 * Sends each scenario's request `warmup` times, then `repeat` rounds in which every
 * scenario is sent once, in turn, so a slow moment of the machine hits them alike. Each
 * sample is the wall time from sending the request to having read the whole body, over
 * a kept-alive loopback connection.
 */
export async function timeRequests(
  baseUrl: string,
  headers: Record<string, string>,
  scenarios: Scenario[],
  options: { repeat: number; warmup: number; pageSize: number },
): Promise<Timing[]> {
  const once = async (scenario: Scenario) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${scenario.path}`, { headers });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${scenario.path} answered ${response.status}: ${JSON.stringify(body)}`);
    if (body.data.length !== options.pageSize) throw new Error(`${scenario.path} returned ${body.data.length} rows, not ${options.pageSize}`);
    if (scenario.firstId && body.data[0].id !== scenario.firstId) {
      throw new Error(`${scenario.path} started at ${body.data[0].id}, not ${scenario.firstId}`);
    }
    return ms;
  };

  for (const scenario of scenarios) for (let i = 0; i < options.warmup; i++) await once(scenario);
  const samples = scenarios.map(() => [] as number[]);
  for (let round = 0; round < options.repeat; round++) {
    for (const [i, scenario] of scenarios.entries()) samples[i]!.push(await once(scenario));
  }
  return scenarios.map((scenario, i) => summarize(scenario, samples[i]!));
}

/** Runs one database query `warmup` times, then `repeat` timed times. */
export async function timeQuery(name: string, run: () => Promise<unknown>, options: { repeat: number; warmup: number }): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < options.repeat; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize({ name, path: '' }, samples);
}

function summarize(scenario: { name: string; path: string }, samplesMs: number[]): Timing {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
  return {
    name: scenario.name,
    path: scenario.path,
    samplesMs,
    p50: rank(0.5),
    p95: rank(0.95),
    mean: samplesMs.reduce((a, b) => a + b, 0) / samplesMs.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

/** p50, p95, p99, mean, min and max of a list of samples (nearest rank); zeros for none. */
export function describe(samples: readonly number[]) {
  if (samples.length === 0) return { count: 0, p50: 0, p95: 0, p99: 0, mean: 0, min: 0, max: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
  return {
    count: samples.length, p50: rank(0.5), p95: rank(0.95), p99: rank(0.99),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length, min: sorted[0]!, max: sorted[sorted.length - 1]!,
  };
}

const ms = (value: number) => value.toFixed(2);

export function formatReport(
  results: TargetResult[],
  run: { cpus: number; node: string; load: string; repeat: number; warmup: number; pageSize: number },
): string {
  const lines = [
    `# GET /v2/allocations latency (${new Date().toISOString().slice(0, 10)}, ${run.cpus} cores, Node ${run.node})`,
    '',
    `Page size ${run.pageSize}; ${run.warmup} warm-up requests, then ${run.repeat} timed requests per row; milliseconds, client-side, over HTTP on loopback.`,
    `Load average at the end (1, 5, 15 min): ${run.load}.`,
    '',
    '| database | allocations | request | p50 | p95 | mean | min | max |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    if ('error' in result) {
      lines.push(`| ${result.label} | ${result.rows.toLocaleString('en')} | failed: ${result.error.replaceAll('|', '/').slice(0, 120)} | | | | | |`);
      continue;
    }
    for (const t of result.timings) {
      lines.push(`| ${result.label} | ${result.rows.toLocaleString('en')} | ${t.name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.mean)} | ${ms(t.min)} | ${ms(t.max)} |`);
    }
  }
  lines.push(
    '',
    'The page query alone, as the app sent it, run straight on the database (no HTTP, no JSON):',
    '',
    '| database | allocations | query of | p50 | p95 | mean | min | max |',
    '|---|---:|---|---:|---:|---:|---:|---:|',
  );
  for (const result of results) {
    if ('error' in result) continue;
    for (const t of result.queryTimings) {
      lines.push(`| ${result.label} | ${result.rows.toLocaleString('en')} | ${t.name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.mean)} | ${ms(t.min)} | ${ms(t.max)} |`);
    }
  }
  lines.push('', '| database | allocations | seeding | table + indexes | peak RSS of the bench process so far | GET /v2/company counters |', '|---|---:|---:|---:|---:|---|');
  for (const result of results) {
    if ('error' in result) continue;
    const rate = Math.round(result.rows / result.seedSeconds).toLocaleString('en');
    lines.push(`| ${result.label} | ${result.rows.toLocaleString('en')} | ${result.seedSeconds.toFixed(1)} s (${rate} rows/s) | ${result.tableMb} MB | ${result.peakRssMb} MB | ${result.countersOk ? 'match the allocations' : 'DIFFER'} |`);
  }
  for (const result of results) {
    if ('error' in result) continue;
    lines.push('', `## Query plans of the deep-page request on ${result.label}`);
    for (const plan of result.plans) {
      const indexUsed = /Index (Only )?Scan/.test(plan.plan) && !/Seq Scan on allocations/.test(plan.plan);
      lines.push('', `${indexUsed ? 'Served from an index' : 'NOT served from an index'}:`, '', '```sql', plan.sql, '```', '', '```', plan.plan, '```');
    }
  }
  return lines.join('\n');
}
