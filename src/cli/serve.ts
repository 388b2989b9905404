import type { ProcessCommand } from './command.ts';
import { describeDemoAccess } from '../demo/access.ts';
import type { Role } from '../main.ts';
import { commandLine } from './session.ts';

const ROLES: readonly Role[] = ['all', 'api', 'worker'];

export const serveCommand: ProcessCommand = {
  path: ['serve'],
  summary: 'Starts the API and the background workers in this process (or one of them, --role); Ctrl-C stops.',
  usage: [
    '[--role all|api|worker] [--seed-demo] [--json]',
    '',
    '--role all (the default) serves the API and runs the job and webhook workers. With DATABASE_URL, run',
    'any number of --role api processes (HTTP only) and --role worker processes (the workers, and only',
    '/healthz and /readyz on PORT) on one PostgreSQL instead.',
    'With --seed-demo, an empty database gets the demo data and the first start prints tokens.',
    'With --json, the start-up summary is one JSON line (logs follow as JSON lines too).',
    'SIGTERM or SIGINT stops gracefully within SHUTDOWN_GRACE_SECONDS; a second one stops at once.',
  ].join('\n'),
  options: { 'seed-demo': { type: 'boolean' }, role: { type: 'string' } },
  async runInProcess(config, input, argv) {
    const role = (input.values.role ?? 'all') as Role;
    const refuse = (message: string) => {
      process.stderr.write(`Error: ${message}\n`);
      return 1;
    };
    if (!ROLES.includes(role)) return refuse(`--role must be one of ${ROLES.join(', ')}, not "${role}".\nSee: canopy serve --help`);
    if (role === 'worker' && input.values['seed-demo']) return refuse('--seed-demo prints tokens for the API: use it with --role all or api, not worker.');

    // Loaded on use, like the database: the HTTP app is not needed by the other commands.
    const { startCanopy } = await import('../main.ts');
    const running = await startCanopy(config, { seedDemo: input.values['seed-demo'] === true, command: commandLine(argv), role });
    const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    if (input.json) {
      process.stdout.write(`${JSON.stringify({ url: running.url, role: running.role, database: running.database.kind, demo: running.demo })}\n`);
    } else {
      const what = { all: 'Canopy is running', api: 'Canopy (API only) is running', worker: 'Canopy (workers only; /healthz and /readyz) is running' }[running.role];
      const lines = [``, `${what} at ${running.url} (database: ${database}).`];
      if (running.url !== config.publicBaseUrl && running.role !== 'worker') lines.push(`Public base URL: ${config.publicBaseUrl}`);
      if (running.demo) lines.push('', describeDemoAccess(running.demo, running.url));
      else if (input.values['seed-demo']) lines.push('The database already has data. For fresh demo tokens run: npx canopy demo');
      lines.push('', 'Other canopy commands keep working while this runs. Press Ctrl-C to stop.', '');
      process.stdout.write(lines.join('\n'));
    }

    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    // A second signal while shutting down means "now".
    const forceExit = () => process.exit(1);
    process.once('SIGINT', forceExit);
    process.once('SIGTERM', forceExit);
    if (!input.json) process.stdout.write(`\n${signal}: stopping (up to ${config.shutdownGraceSeconds} s; ${signal === 'SIGINT' ? 'Ctrl-C again' : 'a second signal'} stops at once)...\n`);
    const stopped = await running.stop();
    if (!stopped.finished) {
      process.stderr.write(
        `Stopped after the grace period of ${config.shutdownGraceSeconds} s with work unfinished (${stopped.unfinished.join(', ')}); ` +
          `gave back ${stopped.leasesReleased} leased jobs and webhook deliveries for other workers to take now.\n`,
      );
      process.exit(1);
    }
    if (!input.json) process.stdout.write(`Stopped in ${(stopped.ms / 1000).toFixed(1)} s.\n`);
    return 0;
  },
};
