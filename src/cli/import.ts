import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { CanopyError } from '../core/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../core/json.ts';
import type { ChunkedImport, OperationData } from '../foundation/apply.ts';
import { OperatorError } from '../operator/errors.ts';
import { COMMON_OPTIONS, type CommandResult, type CommandSpec, succeed, table } from './command.ts';

/**
 * `canopy import FILE.ndjson`: feeds a file of foundation operations, one envelope of
 * the foundation API per line, through the same code as its batch call. The whole file
 * is read and checked first; then it is applied in chunks that commit every half second
 * (foundation/apply.ts, applyInChunks), so the API keeps answering meanwhile. A refused
 * line leaves the chunks before it applied; running the corrected file again finishes
 * the import, as what was applied comes back unchanged.
 */

export interface ImportSummary {
  file: string;
  /** Operations applied, replays included. */
  applied: number;
  /** Operations that changed nothing: replays of what Canopy already had. */
  unchanged: number;
  by_op: Record<string, { applied: number; unchanged: number }>;
  events: number;
  /** Transactions the import committed. */
  chunks: number;
  elapsed_ms: number;
}

const importFile: CommandSpec = {
  path: ['import'],
  summary: 'Applies a file of foundation operations (NDJSON); run it again after a refusal to finish it.',
  usage: [
    'FILE.ndjson [--json]',
    '',
    'Each non-empty line is one operation: {"op": "upsert_planting", "input": {...}, "message_id"?: "..."}.',
    'The operations and their inputs are described in docs/foundation.md.',
    'A malformed line is reported with its line number before anything is applied.',
    'The file is applied in chunks that commit every half second, so the API keeps answering.',
    'A refused operation is reported with its line number; the lines before its chunk stay applied.',
    'Correct the line and import the whole file again: what was applied is recognised and changes nothing.',
  ].join('\n'),
  positionals: ['FILE'],
  async run({ db, baseUrl }, input) {
    const started = performance.now();
    // Loaded on use: the foundation domain takes about a second to load, which the other commands never need.
    const { applyInChunks } = await import('../foundation/apply.ts');
    const { FOUNDATION_OPERATION_NAMES } = await import('../foundation/operations.ts');
    const file = absoluteFile(input.positionals[0] ?? '');
    const { operations, lines } = await readOperations(file, FOUNDATION_OPERATION_NAMES);
    const progress = runsInCallerProcess() && process.stderr.isTTY ? startProgressLine(operations.length, process.stderr) : null;
    let result: ChunkedImport;
    try {
      result = await applyInChunks(db, operations, baseUrl, { onApplied: (index) => progress?.update(index + 1) });
    } catch (error) {
      const index = error instanceof CanopyError ? error.extra.operation_index : undefined;
      if (typeof index !== 'number') throw error;
      const appliedBefore = Number((error as CanopyError).extra.applied_before ?? 0);
      return refused(input.json, file, error as CanopyError, { line: lines[index] ?? 0, op: operations[index]?.op ?? '', appliedBefore, lines });
    } finally {
      progress?.stop();
    }
    const summary = summarize(file, result, performance.now() - started);
    return succeed(input, summary, describeSummary(summary));
  },
};

export const importCommands = [importFile];

/** The operations of a file and, for each, the line it came from (blank lines are skipped). */
export async function readOperations(file: string, knownOps: readonly string[]): Promise<{ operations: OperationData[]; lines: number[] }> {
  const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new OperatorError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`);
  });
  if (!stats.isFile()) throw new OperatorError(`${file} is not a file.`);
  const handle = await open(file);
  const operations: OperationData[] = [];
  const lines: number[] = [];
  try {
    let line = 0;
    for await (const raw of createInterface({ input: handle.createReadStream({ encoding: 'utf8', autoClose: false }), crlfDelay: Number.POSITIVE_INFINITY })) {
      line++;
      const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
      if (text === '') continue;
      operations.push(parseOperationLine(text, line, knownOps));
      lines.push(line);
    }
  } finally {
    await handle.close();
  }
  return { operations, lines };
}

/** One line: the envelope of the foundation API, `{"op": ..., "input": {...}, "message_id"?: ...}`. */
function parseOperationLine(text: string, line: number, knownOps: readonly string[]): OperationData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new OperatorError(`Line ${line} is not valid JSON (${(error as Error).message}). Nothing was applied.`);
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new OperatorError(`Line ${line} nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep. Nothing was applied.`);
  }
  const shape = 'an object {"op": "...", "input": {...}} with an optional "message_id"';
  if (!isObject(value)) throw new OperatorError(`Line ${line} must be ${shape}. Nothing was applied.`);
  const extra = Object.keys(value).find((key) => !ENVELOPE_FIELDS.includes(key));
  if (extra !== undefined) throw new OperatorError(`Line ${line} has an unknown field "${extra}"; it must be ${shape}. Nothing was applied.`);
  const { op, input, message_id: messageId } = value;
  if (typeof op !== 'string' || !isObject(input)) throw new OperatorError(`Line ${line} must be ${shape}. Nothing was applied.`);
  if (!knownOps.includes(op)) {
    throw new OperatorError(`Line ${line} names an unknown operation "${op}"; use one of ${knownOps.join(', ')}. Nothing was applied.`);
  }
  if (messageId === undefined) return { op, input };
  if (typeof messageId !== 'string' || messageId.length < 1 || messageId.length > 255) {
    throw new OperatorError(`Line ${line} has a message_id that is not a string of 1 to 255 characters. Nothing was applied.`);
  }
  return { op, input, message_id: messageId };
}

const ENVELOPE_FIELDS = ['op', 'input', 'message_id'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Refusal {
  line: number;
  op: string;
  /** Operations committed before the refused one's chunk. */
  appliedBefore: number;
  /** The line of each operation. */
  lines: readonly number[];
}

/** A refused line, reported as the operation saw it (its code, the field within its input, its message), and what stands. */
function refused(json: boolean, file: string, error: CanopyError, { line, op, appliedBefore, lines }: Refusal): CommandResult {
  const { code, message } = error.cause instanceof CanopyError ? error.cause : error;
  const field = error.cause instanceof CanopyError ? error.cause.param : null;
  if (json) {
    return { exitCode: 1, output: JSON.stringify({ error: { file, line, op, code, field, message, applied_before: appliedBefore } }, null, 2) };
  }
  const at = field ? ` (field ${field})` : '';
  const stands = appliedBefore === 0
    ? `Nothing from ${file} was applied.`
    : `The ${plural(appliedBefore, 'operation')} before line ${lines[appliedBefore] ?? line} were applied and stay; nothing from that line on was.`;
  return {
    exitCode: 1,
    output: [
      `Error: line ${line} (${op}) was refused: ${code}${at}: ${message}`,
      stands,
      `Correct line ${line} and import the whole file again: what was applied is recognised and changes nothing.`,
    ].join('\n'),
  };
}

function summarize(file: string, { applied, chunks }: ChunkedImport, elapsedMs: number): ImportSummary {
  const byOp: ImportSummary['by_op'] = {};
  let events = 0;
  for (const result of applied) {
    const counts = byOp[result.op] ?? { applied: 0, unchanged: 0 };
    byOp[result.op] = counts;
    counts.applied++;
    if (result.unchanged) counts.unchanged++;
    events += result.events.length;
  }
  return {
    file,
    applied: applied.length,
    unchanged: applied.filter((result) => result.unchanged).length,
    by_op: byOp,
    events,
    chunks,
    elapsed_ms: Math.round(elapsedMs),
  };
}

function describeSummary(summary: ImportSummary): string {
  const rows = Object.entries(summary.by_op).map(([op, counts]) => [op, String(counts.applied), String(counts.unchanged)]);
  return [
    `Imported ${summary.file} in ${(summary.elapsed_ms / 1000).toFixed(2)} s, in ${plural(summary.chunks, 'transaction')}:`,
    `  ${plural(summary.applied, 'operation')} applied, ${summary.unchanged} of them unchanged (replays), ${plural(summary.events, 'event')} written.`,
    '',
    table(['OPERATION', 'APPLIED', 'UNCHANGED'], rows),
  ].join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Whether this process is the `canopy import` the operator started, so that its
 * working folder and terminal are the caller's. A running `canopy serve` runs the
 * command too when the CLI forwards it over the control socket; there, neither is.
 */
function runsInCallerProcess(): boolean {
  return process.argv[2] === 'import';
}

function absoluteFile(given: string): string {
  if (path.isAbsolute(given)) return given;
  if (!runsInCallerProcess()) {
    throw new OperatorError(`The running server cannot tell which folder "${given}" is relative to; give the file's absolute path.`);
  }
  return path.resolve(given);
}

/**
 * The command line with import's FILE made absolute against the caller's folder. The
 * CLI calls this before the command may travel to a running server, whose working
 * folder is its own.
 */
export function withAbsoluteImportFile(argv: readonly string[], cwd: string): string[] {
  const resolved = [...argv];
  if (argv[0] !== 'import') return resolved;
  const args = argv.slice(1);
  const { tokens } = parseArgs({ args, options: COMMON_OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const file = tokens.find((token) => token.kind === 'positional');
  if (file) resolved[file.index + 1] = path.resolve(cwd, file.value);
  return resolved;
}

const REDRAW_MS = 100;

/** A self-updating line, `Importing [#####-----] 1234/5000  24% 3.1 s`, redrawn at most every 100 ms. */
export function startProgressLine(total: number, stream: { write(text: string): unknown; columns?: number }, now = () => Date.now()) {
  const started = now();
  let drawnAt = started;
  const draw = (done: number) => {
    drawnAt = now();
    const share = total === 0 ? 1 : done / total;
    const counts = `${done}/${total} ${String(Math.floor(share * 100)).padStart(3)}% ${((now() - started) / 1000).toFixed(1)} s`;
    const width = Math.max(10, Math.min(40, (stream.columns || 80) - counts.length - 14));
    const filled = Math.round(share * width);
    stream.write(`\r\x1b[2KImporting [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts}`);
  };
  draw(0);
  return {
    update(done: number) {
      if (done < total && now() - drawnAt < REDRAW_MS) return;
      draw(done);
    },
    /** Clears the line, so the summary or the error starts on a clean one. */
    stop() {
      stream.write('\r\x1b[2K');
    },
  };
}
