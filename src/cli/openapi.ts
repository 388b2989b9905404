import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ProcessCommand } from './command.ts';

export const openapiCommand: ProcessCommand = {
  path: ['openapi'],
  summary: 'Prints the OpenAPI document of the API (JSON), built from the route schemas.',
  usage: '[--json]',
  async runInProcess(config) {
    // Loaded on use: the HTTP app is not needed by the other commands.
    const { buildApp } = await import('../app.ts');
    // The document signs nothing: any key will do.
    const app = await buildApp({ config: { ...config, secretKey: config.secretKey ?? 'x'.repeat(32) }, db: await offlineDatabase(), logger: false });
    await app.ready();
    process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
    return 0;
  },
};

/** Building the routes needs a Kysely instance but no query: one that never connects anywhere. */
async function offlineDatabase(): Promise<Kysely<DB>> {
  const { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } = await import('kysely');
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
