import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { OperatorError } from '../operator/errors.ts';

/**
 * What an operator command sees. The same function runs in the CLI process or inside a
 * running `canopy serve` that received it over the control socket, so it only touches
 * what is here and returns its output instead of printing it.
 */
export interface CommandContext {
  db: Kysely<DB>;
  /** Where the API answers, for hints such as a curl line. */
  baseUrl: string;
}

export interface CommandResult {
  exitCode: number;
  /** Printed on stdout when exitCode is 0, on stderr otherwise. */
  output: string;
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface ParsedInput {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  json: boolean;
}

export interface CommandSpec {
  /** The words that select it, e.g. ['tokens', 'create']. */
  path: readonly string[];
  summary: string;
  /** Arguments after the command words, for --help. */
  usage: string;
  options?: OptionsConfig;
  /** Names of the positional arguments it requires, in order. */
  positionals?: readonly string[];
  run(ctx: CommandContext, input: ParsedInput): Promise<CommandResult>;
}

/** What help and argument parsing need to know about any command. */
export type CommandInfo = Omit<CommandSpec, 'run'>;

/** A mistake in the command line: reported with a pointer to --help, never a stack trace. */
export class UsageError extends Error {}

export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionsConfig;

export function parseInput(spec: CommandInfo, args: readonly string[]): ParsedInput {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options: { ...COMMON_OPTIONS, ...spec.options }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const expected = spec.positionals ?? [];
  if (!parsed.values.help) {
    if (parsed.positionals.length < expected.length) throw new UsageError(`Missing ${expected.slice(parsed.positionals.length).join(' ')}.`);
    if (parsed.positionals.length > expected.length) throw new UsageError(`Unexpected argument "${parsed.positionals[expected.length]}".`);
  }
  return { values: parsed.values as ParsedInput['values'], positionals: parsed.positionals, json: parsed.values.json === true };
}

export function commandName(spec: CommandInfo): string {
  return `canopy ${spec.path.join(' ')}`;
}

export function helpText(spec: CommandInfo): string {
  return `${spec.summary}\n\nUsage: ${commandName(spec)} ${spec.usage}`.trimEnd();
}

export function requiredOption(input: ParsedInput, name: string): string {
  const value = input.values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
}

export function optionalOption(input: ParsedInput, name: string): string | undefined {
  const value = input.values[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function listOption(input: ParsedInput, name: string): string[] {
  return (optionalOption(input, name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** Success: JSON for scripts with --json, the readable text otherwise. */
export function succeed(input: ParsedInput, data: unknown, human: string): CommandResult {
  return { exitCode: 0, output: input.json ? JSON.stringify(data, null, 2) : human };
}

export function fail(json: boolean, message: string): CommandResult {
  return { exitCode: 1, output: json ? JSON.stringify({ error: { message } }, null, 2) : `Error: ${message}` };
}

/** Parses and runs one command; user errors become exit code 1 with their message. */
export async function executeCommand(spec: CommandSpec, ctx: CommandContext, args: readonly string[]): Promise<CommandResult> {
  const json = args.includes('--json');
  try {
    const input = parseInput(spec, args);
    if (input.values.help) return { exitCode: 0, output: helpText(spec) };
    return await spec.run(ctx, input);
  } catch (error) {
    if (error instanceof UsageError) return fail(json, `${error.message}\nSee: ${commandName(spec)} --help`);
    if (error instanceof OperatorError) return fail(json, error.message);
    throw error;
  }
}

/** A plain text table: one header row, columns padded to their widest cell. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '(none)';
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

export function isoOrDash(value: Date | string | null | undefined): string {
  if (!value) return '-';
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * A command that runs only in the CLI process itself (serve, migrate, openapi): it is
 * never sent to a running server. It prints its own output and returns the exit code.
 */
export interface ProcessCommand extends CommandInfo {
  runInProcess(config: Config, input: ParsedInput, argv: readonly string[]): Promise<number>;
}

export function printResult(result: CommandResult, streams: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } } = process): number {
  if (result.output) (result.exitCode === 0 ? streams.stdout : streams.stderr).write(`${result.output}\n`);
  return result.exitCode;
}
