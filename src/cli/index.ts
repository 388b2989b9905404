import { type Config, ConfigError, loadConfig } from '../config.ts';
import { FolderLockedError } from '../db/folder-lock.ts';
import { type CommandInfo, helpText, type ParsedInput, type ProcessCommand, parseInput, printResult, UsageError } from './command.ts';
import { databaseCommands, findCommand } from './commands.ts';
import { withAbsoluteImportFile } from './import.ts';
import { listenCommand } from './listen.ts';
import { migrateCommand } from './migrate.ts';
import { openapiCommand } from './openapi.ts';
import { serveCommand } from './serve.ts';
import { runDatabaseCommand } from './session.ts';

const processCommands: readonly ProcessCommand[] = [serveCommand, migrateCommand, openapiCommand, listenCommand];
const allCommands: readonly CommandInfo[] = [serveCommand, migrateCommand, ...databaseCommands, openapiCommand, listenCommand];

/**
 * Where a run of the command line reads its configuration and folder and writes its output:
 * the process's own, or a test's, which runs the database commands in its own process.
 */
export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const processIo: CliIo = {
  env: process.env,
  get cwd() {
    return process.cwd();
  },
  stdout: process.stdout,
  stderr: process.stderr,
};

/**
 * The `canopy` command line: returns the exit code. With an `io` of its own it runs the
 * database commands only (serve, migrate, openapi and listen print to the process's streams).
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  if (io === processIo) {
    // `canopy openapi | head` closes the pipe early: that is the reader's choice, not an error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  }

  if (argv.length === 0) {
    io.stderr.write(`${overview()}\n`);
    return 1;
  }
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout.write(`${overview()}\n`);
    return 0;
  }

  const processCommand = findCommand(processCommands, argv);
  const databaseCommand = findCommand(databaseCommands, argv);
  const found = processCommand ?? databaseCommand;
  if (!found) return unknownCommand(argv, io);
  if (processCommand && io !== processIo) throw new Error(`canopy ${processCommand.spec.path.join(' ')} runs in a process of its own only`);

  let input: ParsedInput;
  try {
    input = parseInput(found.spec, found.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`Error: ${error.message}\nSee: canopy ${found.spec.path.join(' ')} --help\n`);
    return 1;
  }
  if (input.values.help) {
    io.stdout.write(`${helpText(found.spec)}\n`);
    return 0;
  }

  try {
    if (processCommand) return await processCommand.spec.runInProcess(config, input, argv);
    if (databaseCommand) {
      // A running server reads the file itself, from its own working folder.
      const forwardable = withAbsoluteImportFile(argv, io.cwd);
      return printResult(await runDatabaseCommand(config, databaseCommand.spec, forwardable, databaseCommand.args), io);
    }
    return 1;
  } catch (error) {
    return reportError(error, io);
  }
}

function unknownCommand(argv: readonly string[], io: CliIo): number {
  const group = allCommands.filter((spec) => spec.path[0] === argv[0]);
  if (group.length > 0 && (argv.length === 1 || argv[1]?.startsWith('-'))) {
    if (argv[1] === '--help' || argv[1] === '-h') {
      io.stdout.write(`${commandList(group)}\n`);
      return 0;
    }
    io.stderr.write(`Error: "canopy ${argv[0]}" needs one of:\n${commandList(group)}\n`);
    return 1;
  }
  io.stderr.write(`Error: unknown command "${argv.join(' ')}".\n\n${overview()}\n`);
  return 1;
}

/**
 * A known failure (a locked folder, a database that does not answer) prints its message
 * only; anything else is a bug and keeps its stack for the report.
 */
function reportError(error: unknown, io: CliIo): number {
  const known = error instanceof FolderLockedError || (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string');
  const message = error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
  io.stderr.write(`Error: ${message}\n`);
  return 1;
}

function commandList(commands: readonly CommandInfo[]): string {
  const names = commands.map((spec) => spec.path.join(' '));
  const width = Math.max(...names.map((name) => name.length));
  return commands.map((spec, i) => `  ${names[i]?.padEnd(width)}  ${spec.summary}`).join('\n');
}

function overview(): string {
  return [
    "canopy: the operator's command line for Canopy.",
    '',
    'Usage: canopy COMMAND [options]   (every command takes --help, and --json for scripts)',
    '',
    'Commands:',
    commandList(allCommands),
    '',
    'While `canopy serve` runs on the embedded database, the other commands are sent to it.',
    'Environment: DATABASE_URL, CANOPY_DATA_DIR (default ./data), HOST, PORT, PUBLIC_BASE_URL.',
  ].join('\n');
}
