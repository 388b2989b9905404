import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrivateFolder } from './private-folder.ts';

/**
 * One process at a time may open the embedded database folder: PGlite gives a second
 * process no error and the two silently lose each other's writes. The lock is a file
 * created with O_EXCL that names its holder, so whoever finds it taken can say who has
 * it, and the CLI can reach a running `serve` through the control socket it lists.
 */
export const LOCK_FILE = 'canopy.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  command: string;
  started_at: string;
  /** Where a running `canopy serve` accepts forwarded operator commands. */
  control_socket: string | null;
}

export interface FolderLock {
  path: string;
  holder: LockHolder;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

export class FolderLockedError extends Error {
  constructor(readonly dataDir: string, readonly holder: LockHolder) {
    super(describeLockedFolder(dataDir, holder));
    this.name = 'FolderLockedError';
  }
}

/** Lock files this process holds, so a second acquire in the same process also fails. */
const heldHere = new Set<string>();

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

/** Takes the folder for this process, or throws FolderLockedError naming the live holder. */
export function acquireFolderLock(dataDir: string, options: { command: string; controlSocket?: string | null }): FolderLock {
  ensurePrivateFolder(dataDir);
  const file = lockFilePath(dataDir);
  const holder: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    command: options.command,
    started_at: new Date().toISOString(),
    control_socket: options.controlSocket ?? null,
  };
  const content = `${JSON.stringify(holder, null, 2)}\n`;

  for (let attempt = 0; attempt < 20; attempt++) {
    if (heldHere.has(file)) throw new FolderLockedError(dataDir, readHolder(file) ?? holder);
    try {
      writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      return holdLock(file, holder, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = readLockFile(file);
    if (existing === null) continue;
    if (existing.holder && isHolderAlive(existing.holder)) throw new FolderLockedError(dataDir, existing.holder);
    removeStaleLock(file, existing.raw);
  }
  throw new Error(`Could not lock ${dataDir}: the lock file ${file} keeps changing.`);
}

/** The process holding the folder, if one is alive; null when the folder is free or the lock is stale. */
export function readLiveHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(lockFilePath(dataDir));
  return holder && isHolderAlive(holder) ? holder : null;
}

export function describeLockedFolder(dataDir: string, holder: LockHolder): string {
  const host = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
  const lines = [
    `The data folder ${dataDir} is in use by another Canopy process:`,
    `  pid ${holder.pid}${host}, running "${holder.command}", since ${holder.started_at}.`,
    'The embedded database can be opened by one process at a time. Stop that process, or set',
    'CANOPY_DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL, which many processes can share).',
  ];
  if (host) lines.push(`If that process is gone, delete ${lockFilePath(dataDir)}.`);
  return lines.join('\n');
}

function holdLock(file: string, holder: LockHolder, content: string): FolderLock {
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // A crash or process.exit() still frees the folder; a SIGKILL leaves a stale lock that the next process takes over.
  process.on('exit', release);
  return { path: file, holder, release };
}

function readHolder(file: string): LockHolder | null {
  return readLockFile(file)?.holder ?? null;
}

/**
 * Reads the lock file. Another process may have created it and not yet written it, so
 * an unreadable file is read again for a moment before it counts as garbage (holder null).
 * Returns null when there is no lock file.
 */
function readLockFile(file: string): { raw: string; holder: LockHolder | null } | null {
  for (let attempt = 0; ; attempt++) {
    let raw: string;
    try {
      raw = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const holder = parseHolder(raw);
    if (holder || attempt >= 10 || ageMs(file) > 2000) return { raw, holder };
    sleepSync(50);
  }
}

function parseHolder(raw: string): LockHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      command: String(value.command ?? 'unknown command'),
      started_at: String(value.started_at ?? 'an unknown time'),
      control_socket: typeof value.control_socket === 'string' ? value.control_socket : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs. A holder on another host cannot be checked, so it
 * counts as alive: taking over a folder shared over a network would lose data.
 */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return isOwnLockAlive(holder);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !startedAfter(holder.pid, holder.started_at);
}

function isOwnLockAlive(holder: LockHolder): boolean {
  // Our own pid in a lock we do not hold means the pid was reused (a restarted container).
  for (const file of heldHere) if (readHolder(file)?.started_at === holder.started_at) return true;
  return false;
}

/**
 * On Linux, whether the process now using this pid started after the lock was written:
 * then the pid was reused and the real holder is gone.
 */
function startedAfter(pid: number, lockedAt: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = Number(fields[19]);
    const bootLine = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!bootLine || !Number.isFinite(startTicks)) return false;
    const startedAtMs = (Number(bootLine[1]) + startTicks / 100) * 1000;
    const lockedAtMs = Date.parse(lockedAt);
    return Number.isFinite(lockedAtMs) && startedAtMs > lockedAtMs + 2000;
  } catch {
    return false;
  }
}

/**
 * Deletes a stale lock, unless it changed since we read it. A short-lived guard file
 * keeps two processes that found the same stale lock from deleting each other's new one.
 */
function removeStaleLock(file: string, staleRaw: string): void {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (ageMs(guard) > 10_000) unlinkQuietly(guard);
    else sleepSync(50);
    return;
  }
  try {
    let current: string | null = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = null;
    }
    if (current === staleRaw) unlinkQuietly(file);
  } finally {
    unlinkQuietly(guard);
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Someone else removed it first.
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
