import type { Database } from '../db/database.ts';
import { acquireFolderLock, FolderLockedError } from '../db/folder-lock.ts';
import { type ProcessCommand, printResult, succeed } from './command.ts';
import { commandLine, describeHolder, openDatabase } from './session.ts';

export const migrateCommand: ProcessCommand = {
  path: ['migrate'],
  summary: 'Applies the SQL migrations not yet applied (serve also does this when it starts).',
  usage: '[--json]',
  async runInProcess(config, input, argv) {
    const { listMigrations, migrate } = await import('../db/migrate.ts');
    const known = listMigrations().length;
    let release = () => {};
    if (!config.databaseUrl) {
      try {
        release = acquireFolderLock(config.dataDir, { command: commandLine(argv) }).release;
      } catch (error) {
        if (!(error instanceof FolderLockedError) || !error.holder.control_socket) throw error;
        // A running serve applied every migration it knows when it started.
        const note = `A running server, ${describeHolder(error.holder)}, holds the database and migrated it when it started; restart it to apply newer migrations.`;
        return printResult(succeed(input, { applied: [], database: 'pglite', note }, note));
      }
    }
    let database: Database | null = null;
    try {
      database = await openDatabase(
        config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: config.dataDir },
      );
      const applied = await migrate(database);
      const names = applied.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`);
      const human = applied.length > 0 ? `Applied ${names.join(', ')}.` : `Nothing to apply: all ${known} migration(s) are in place.`;
      return printResult(succeed(input, { applied: names, database: database.kind }, human));
    } finally {
      await database?.close();
      release();
    }
  },
};
