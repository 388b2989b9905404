import { Worker } from 'node:worker_threads';

/** One read: when it started and ended (epoch milliseconds, comparable across threads), and its status (0: no answer). */
export interface ReadSample {
  startedAt: number;
  endedAt: number;
  ms: number;
  status: number;
}

/**
 * The reading client runs in a worker thread with its own event loop, so its timer and
 * its clock keep going while the app's thread is busy: on PGlite the database runs inside
 * the app's thread, and a client in that thread would send its request late and
 * measure too little. Plain JavaScript, so the worker needs no loader.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, intervalMs, maxMs } = workerData;
const now = () => performance.timeOrigin + performance.now();
let stopping = false;
parentPort.on('message', (message) => { if (message === 'stop') stopping = true; });
(async () => {
  const samples = [];
  const began = now();
  while (!stopping && now() - began < maxMs) {
    const startedAt = now();
    let status = 0;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(maxMs) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    const endedAt = now();
    samples.push({ startedAt, endedAt, ms: endedAt - startedAt, status });
    if (samples.length === 1) parentPort.postMessage({ ready: status });
    const wait = startedAt + intervalMs - now();
    if (wait > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  parentPort.postMessage({ samples });
})();
`;

/**
 * Sends GET `url` one request at a time: each starts `intervalMs` after the previous one
 * started, or at once when that one took longer. Stops after `stop()` (the request under
 * way finishes first) or after `maxMs` whatever happens.
 */
export function startReader(url: string, headers: Record<string, string>, options: { intervalMs: number; maxMs: number }) {
  const worker = new Worker(READER_SOURCE, { eval: true, workerData: { url, headers, intervalMs: options.intervalMs, maxMs: options.maxMs } });
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const done = new Promise<ReadSample[]>((resolve, reject) => {
    const failed = (error: Error) => {
      rejectReady(error);
      reject(error);
    };
    worker.on('message', (message: { ready?: number; samples?: ReadSample[] }) => {
      if (message.ready === 200) resolveReady();
      else if (message.ready !== undefined) failed(new Error(`the first read answered ${message.ready || 'nothing'}, not 200`));
      if (message.samples) resolve(message.samples);
    });
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the reader stopped (exit ${code}) before reporting`)));
  });
  done.catch(() => {});
  return {
    /** The first read answered: the connection is open and the app serves. */
    ready,
    async stop(): Promise<ReadSample[]> {
      worker.postMessage('stop');
      try {
        return await done;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** Reads that were under way at some moment between `from` and `to` (epoch milliseconds). */
export function readsDuring(samples: readonly ReadSample[], from: number, to: number): ReadSample[] {
  return samples.filter((sample) => sample.endedAt >= from && sample.startedAt <= to);
}
