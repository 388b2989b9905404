import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface MigrationFile {
  version: number;
  name: string;
  file: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  const migrations = readdirSync(dir)
    .map((file) => /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ version: Number(match[1]), name: match[2] as string, file: path.join(dir, match[0]) }))
    .sort((a, b) => a.version - b.version);
  // Two files with one number would leave the second unapplied forever: refuse to start.
  const clash = migrations.find((migration, i) => migrations[i + 1]?.version === migration.version);
  if (clash) throw new Error(`Two migrations are numbered ${String(clash.version).padStart(4, '0')}; renumber one of them.`);
  return migrations;
}

/**
 * Applies the numbered SQL files not yet applied, each in its own transaction. On
 * PostgreSQL an advisory lock keeps two processes starting at once from racing.
 * Returns the versions it applied.
 */
export async function migrate(database: Database): Promise<MigrationFile[]> {
  const { db } = database;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  const applied: MigrationFile[] = [];
  for (const migration of listMigrations()) {
    const script = readFileSync(migration.file, 'utf8');
    const record = `INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, '${migration.name}');`;
    const guard =
      database.kind === 'postgres'
        ? `SELECT pg_advisory_xact_lock(7265314);\n` // "canopy" migrations lock
        : '';
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations WHERE version = ${migration.version}`.execute(db);
    if (rows.length > 0) continue;
    try {
      await database.execScript(`${guard}${script}\n${record}`);
      applied.push(migration);
    } catch (error) {
      // Another process applied it between our check and our lock: not a failure.
      const { rows: again } = await sql<{ version: number }>`SELECT version FROM schema_migrations WHERE version = ${migration.version}`.execute(db);
      if (again.length > 0) continue;
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}
