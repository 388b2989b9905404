import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';
import { acquireFolderLock, FolderLockedError, lockFilePath, readLiveHolder } from '../../src/db/folder-lock.ts';
import { tempDir } from '../helpers/temp.ts';

const root = tempDir('canopy-lock');
let folders = 0;
const freshFolder = () => path.join(root, `data-${++folders}`);

/** A pid that no process has any more: a child that already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function writeLock(dataDir: string, holder: Record<string, unknown>) {
  acquireFolderLock(dataDir, { command: 'setup' }).release();
  writeFileSync(lockFilePath(dataDir), JSON.stringify(holder));
}

/** Another process that takes the lock and keeps it until killed. */
async function holdInChild(dataDir: string): Promise<ChildProcess> {
  const lockModule = new URL('../../src/db/folder-lock.ts', import.meta.url).href;
  const script = `
    const { acquireFolderLock } = await import(${JSON.stringify(lockModule)});
    acquireFolderLock(${JSON.stringify(dataDir)}, { command: 'canopy serve', controlSocket: '/tmp/x.sock' });
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited early with ${code}`)));
  });
  return child;
}

describe('folder lock', () => {
  test('the lock file names its holder and is removed on release', () => {
    const dataDir = freshFolder();
    const lock = acquireFolderLock(dataDir, { command: 'canopy serve', controlSocket: '/run/canopy.sock' });
    const written = JSON.parse(readFileSync(lockFilePath(dataDir), 'utf8'));
    assert.equal(written.pid, process.pid);
    assert.equal(written.hostname, os.hostname());
    assert.equal(written.command, 'canopy serve');
    assert.equal(written.control_socket, '/run/canopy.sock');
    assert.ok(!Number.isNaN(Date.parse(written.started_at)));
    lock.release();
    assert.equal(existsSync(lockFilePath(dataDir)), false);
    lock.release();
  });

  test('a second acquire in the same process fails', () => {
    const dataDir = freshFolder();
    const lock = acquireFolderLock(dataDir, { command: 'first' });
    try {
      assert.throws(() => acquireFolderLock(dataDir, { command: 'second' }), (error: unknown) => {
        assert.ok(error instanceof FolderLockedError);
        assert.equal(error.holder.command, 'first');
        return true;
      });
    } finally {
      lock.release();
    }
    acquireFolderLock(dataDir, { command: 'third' }).release();
  });

  test('another live process holding the folder is named: pid, command and since when', async () => {
    const dataDir = freshFolder();
    const child = await holdInChild(dataDir);
    try {
      assert.throws(() => acquireFolderLock(dataDir, { command: 'canopy demo' }), (error: unknown) => {
        assert.ok(error instanceof FolderLockedError);
        assert.equal(error.holder.pid, child.pid);
        assert.equal(error.holder.control_socket, '/tmp/x.sock');
        assert.match(error.message, new RegExp(`pid ${child.pid}, running "canopy serve", since \\d{4}-\\d\\d-\\d\\dT`));
        return true;
      });
      assert.equal(readLiveHolder(dataDir)?.pid, child.pid);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // Killed without a chance to clean up: the lock it left is stale and taken over.
    assert.equal(existsSync(lockFilePath(dataDir)), true);
    assert.equal(readLiveHolder(dataDir), null);
    const lock = acquireFolderLock(dataDir, { command: 'after the crash' });
    assert.equal(JSON.parse(readFileSync(lockFilePath(dataDir), 'utf8')).pid, process.pid);
    lock.release();
  });

  test('a lock whose pid is gone is taken over', () => {
    const dataDir = freshFolder();
    writeLock(dataDir, { pid: deadPid(), hostname: os.hostname(), command: 'canopy serve', started_at: new Date().toISOString(), control_socket: null });
    const lock = acquireFolderLock(dataDir, { command: 'canopy serve' });
    assert.equal(lock.holder.pid, process.pid);
    lock.release();
  });

  test('a lock held on another host is respected and says how to clear it', () => {
    const dataDir = freshFolder();
    writeLock(dataDir, { pid: deadPid(), hostname: 'elsewhere.example', command: 'canopy serve', started_at: '2024-01-01T00:00:00.000Z', control_socket: null });
    assert.throws(() => acquireFolderLock(dataDir, { command: 'canopy migrate' }), /on host elsewhere\.example[\s\S]*If that process is gone, delete/);
  });

  test('an unreadable lock file is stale once it is a few seconds old', () => {
    const dataDir = freshFolder();
    acquireFolderLock(dataDir, { command: 'setup' }).release();
    writeFileSync(lockFilePath(dataDir), '{"pid": 12');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFilePath(dataDir), old, old);
    acquireFolderLock(dataDir, { command: 'recover' }).release();
  });

  test('release leaves alone a lock that is no longer ours', () => {
    const dataDir = freshFolder();
    const lock = acquireFolderLock(dataDir, { command: 'mine' });
    const theirs = JSON.stringify({ pid: 1, hostname: 'other', command: 'theirs', started_at: new Date().toISOString() });
    writeFileSync(lockFilePath(dataDir), theirs);
    lock.release();
    assert.equal(readFileSync(lockFilePath(dataDir), 'utf8'), theirs);
  });
});

/** Every file and folder below `dir` whose mode lets its group or other users in, as "path mode". */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mode = lstatSync(full).mode & 0o777;
    if (mode & 0o077) found.push(`${path.relative(dir, full)} ${mode.toString(8)}`);
    if (entry.isDirectory()) found.push(...openToOthers(full).map((line) => `${entry.name}/${line}`));
  }
  return found;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Runs `body` with a umask that lets everyone read and write what is created, as a careless shell might. */
async function withPermissiveUmask(body: () => Promise<void>): Promise<void> {
  const previous = process.umask(0o000);
  try {
    await body();
  } finally {
    process.umask(previous);
  }
}

describe('the data folder is private to its owner', () => {
  test('a fresh folder is 0700 and nothing the database writes in it is open to others, whatever the umask', async () => {
    await withPermissiveUmask(async () => {
      const dataDir = freshFolder();
      const lock = acquireFolderLock(dataDir, { command: 'canopy serve' });
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        await sql`CREATE TABLE scratch_people (email text)`.execute(database.db);
        await sql`INSERT INTO scratch_people SELECT 'person' || n || '@example.com' FROM generate_series(1, 1000) AS n`.execute(database.db);
        assert.deepEqual(openToOthers(dataDir), [], 'while open');
      } finally {
        await database.close();
        lock.release();
      }
      assert.equal(modeOf(dataDir), 0o700);
      assert.deepEqual(openToOthers(dataDir), [], 'after close');
    });
  });

  test('a folder left open to everyone, and the files in it, are tightened when the database opens', async () => {
    await withPermissiveUmask(async () => {
      const dataDir = freshFolder();
      mkdirSync(path.join(dataDir, 'old'), { recursive: true, mode: 0o777 });
      writeFileSync(path.join(dataDir, 'old', 'notes.txt'), 'ada@example.com', { mode: 0o666 });
      assert.equal(modeOf(dataDir), 0o777);
      const lock = acquireFolderLock(dataDir, { command: 'canopy serve' });
      assert.equal(modeOf(dataDir), 0o700, 'the lock already tightens the folder');
      assert.equal(modeOf(lockFilePath(dataDir)), 0o600);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.close();
      lock.release();
      assert.equal(modeOf(path.join(dataDir, 'old', 'notes.txt')), 0o600);
      assert.deepEqual(openToOthers(dataDir), []);
    });
  });
});
