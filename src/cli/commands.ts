import type { CommandSpec } from './command.ts';
import { companyCommands } from './companies.ts';
import { demoCommands } from './demo.ts';
import { foundationKeyCommands } from './foundation-keys.ts';
import { importCommands } from './import.ts';
import { tokenCommands } from './tokens.ts';
import { userCommands } from './users.ts';

/**
 * The commands that work on the database: run in the CLI process, or sent to a running
 * `canopy serve` that holds the embedded database folder.
 */
export const databaseCommands: readonly CommandSpec[] = [
  ...demoCommands,
  ...companyCommands,
  ...userCommands,
  ...tokenCommands,
  ...foundationKeyCommands,
  ...importCommands,
];

/** The command whose words start argv (longest match first), and the arguments after them. */
export function findCommand<T extends { path: readonly string[] }>(commands: readonly T[], argv: readonly string[]): { spec: T; args: string[] } | null {
  const matches = commands
    .filter((spec) => spec.path.every((word, i) => argv[i] === word))
    .sort((a, b) => b.path.length - a.path.length);
  const spec = matches[0];
  return spec ? { spec, args: argv.slice(spec.path.length) } : null;
}
