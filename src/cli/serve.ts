import type { ProcessCommand } from './command.ts';
import { describeDemoAccess } from '../demo/access.ts';
import { commandLine } from './session.ts';

export const serveCommand: ProcessCommand = {
  path: ['serve'],
  summary: 'Starts the API and the background worker in this process; Ctrl-C stops both.',
  usage: [
    '[--seed-demo] [--json]',
    '',
    'With --seed-demo, an empty database gets the demo data and the first start prints tokens.',
    'With --json, the start-up summary is one JSON line (logs follow as JSON lines too).',
  ].join('\n'),
  options: { 'seed-demo': { type: 'boolean' } },
  async runInProcess(config, input, argv) {
    // Loaded on use, like the database: the HTTP app is not needed by the other commands.
    const { startCanopy } = await import('../main.ts');
    const running = await startCanopy(config, { seedDemo: input.values['seed-demo'] === true, command: commandLine(argv) });
    const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    if (input.json) {
      process.stdout.write(`${JSON.stringify({ url: running.url, database: running.database.kind, demo: running.demo })}\n`);
    } else {
      const lines = [``, `Canopy is running at ${running.url} (database: ${database}).`];
      if (running.url !== config.publicBaseUrl) lines.push(`Public base URL: ${config.publicBaseUrl}`);
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
    if (!input.json) process.stdout.write(`\n${signal}: stopping...\n`);
    await running.stop();
    if (!input.json) process.stdout.write('Stopped.\n');
    return 0;
  },
};
