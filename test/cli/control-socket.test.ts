import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, lchownSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ControlUnavailableError, controlSocketPlace, MAX_SOCKET_PATH_BYTES, sendToControlSocket, startControlServer } from '../../src/cli/control-socket.ts';
import { acquireFolderLock, lockFilePath } from '../../src/db/folder-lock.ts';
import { ForeignPathError } from '../../src/db/private-folder.ts';
import { cliWorkspace } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';

/**
 * The control socket never sits at a path another local user could create first: a data
 * folder too deep for a socket address gets a fresh mkdtemp folder (0700, random name),
 * not a predictable name in the shared temp folder; a data folder, a socket folder or a
 * socket owned by someone else, or open to others, is refused by serve and by the CLI.
 */

const root = tempDir('canopy-ctl');
const silent = { info() {}, error() {} };
/** Another user's id, for the tests that need a path someone else owns: only root can give one away. */
const OTHER_UID = 65534;
const asRoot = process.getuid?.() === 0;
const needsRoot = !asRoot && 'needs root, to make a path another user owns';

/** A data folder whose socket path would be longer than a socket address may be. */
function deepDataDir(): string {
  let dir = path.join(root, `deep-${Math.random().toString(36).slice(2, 8)}`);
  while (Buffer.byteLength(path.join(dir, 'canopy.sock')) <= MAX_SOCKET_PATH_BYTES) dir = path.join(dir, 'nested-folder');
  return dir;
}

function withTmpdir<T>(dir: string, run: () => T): T {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

describe('where the control socket goes', () => {
  test('in the data folder when the path fits a socket address', () => {
    const place = controlSocketPlace(path.join(root, 'data'));
    assert.equal(place.path, path.join(root, 'data', 'canopy.sock'));
  });

  test('a deeper data folder gets a new private folder with a random name, removed on dispose', () => {
    const dataDir = deepDataDir();
    const [first, second] = [controlSocketPlace(dataDir, {}), controlSocketPlace(dataDir, {})];
    try {
      for (const place of [first, second]) {
        const folder = path.dirname(place.path);
        assert.equal(path.dirname(folder), os.tmpdir());
        assert.match(path.basename(folder), /^canopy-[A-Za-z0-9]{6}$/);
        const stat = statSync(folder);
        assert.equal(stat.mode & 0o777, 0o700);
        assert.equal(stat.uid, process.getuid?.());
        assert.ok(Buffer.byteLength(place.path) <= MAX_SOCKET_PATH_BYTES);
      }
      assert.notEqual(first.path, second.path, 'not predictable from the data folder');
    } finally {
      first.dispose();
      second.dispose();
    }
    assert.equal(existsSync(path.dirname(first.path)), false);
    first.dispose();
  });

  test('under XDG_RUNTIME_DIR, the user’s own, when it is set', () => {
    const runtime = mkdtempSync(path.join(root, 'run-'));
    const place = controlSocketPlace(deepDataDir(), { XDG_RUNTIME_DIR: runtime });
    assert.equal(path.dirname(path.dirname(place.path)), runtime);
    place.dispose();
  });

  test('no short enough place: a message saying what to do, no fallback', () => {
    const longTmp = deepDataDir();
    mkdirSync(longTmp, { recursive: true });
    assert.throws(() => withTmpdir(longTmp, () => controlSocketPlace(deepDataDir(), {})), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'CANOPY_SOCKET_PATH');
      assert.match(error.message, /No place for the control socket: .* Use a shorter CANOPY_DATA_DIR, or set TMPDIR to a short folder of your own\./);
      return true;
    });
  });
});

describe('paths that are not ours are refused', () => {
  test('serve refuses a socket folder open to other users', async () => {
    const open = mkdtempSync(path.join(root, 'open-'));
    chmodSync(open, 0o777);
    await assert.rejects(startControlServer(path.join(open, 'canopy.sock'), { db: null as never, baseUrl: 'http://canopy.test' }, silent), (error: Error) => {
      assert.ok(error instanceof ForeignPathError);
      assert.match(error.message, /The folder of the control socket .* is open to other users \(mode 777\): refusing to use it/);
      return true;
    });
    assert.equal(existsSync(path.join(open, 'canopy.sock')), false);
  });

  test('a data folder another user created first is refused, and nothing is written into it', { skip: needsRoot }, () => {
    const theirs = path.join(root, 'theirs');
    mkdirSync(theirs);
    chmodSync(theirs, 0o777);
    chownSync(theirs, OTHER_UID, OTHER_UID);
    assert.throws(() => acquireFolderLock(theirs, { command: 'canopy serve' }), (error: Error) => {
      assert.ok(error instanceof ForeignPathError);
      assert.match(error.message, new RegExp(`The data folder ${theirs} belongs to another user \\(uid ${OTHER_UID}\\)`));
      return true;
    });
    assert.equal(existsSync(lockFilePath(theirs)), false);
    assert.equal(statSync(theirs).mode & 0o777, 0o777, 'left as it was, not taken over');
  });

  test('a data folder that is a link another user owns is refused', { skip: needsRoot }, () => {
    const mine = mkdtempSync(path.join(root, 'mine-'));
    const link = path.join(root, 'link-to-mine');
    symlinkSync(mine, link);
    // lchown: the link itself changes hands; whoever owns a link in a shared folder may point it elsewhere later.
    lchownSync(link, OTHER_UID, OTHER_UID);
    assert.throws(() => acquireFolderLock(link, { command: 'canopy serve' }), ForeignPathError);
  });

  test('the CLI sends no command to a socket in a folder another user owns', { skip: needsRoot }, async () => {
    const theirs = mkdtempSync(path.join(root, 'theirs-sock-'));
    const socketPath = path.join(theirs, 'canopy.sock');
    const requests: string[] = [];
    const impostor = http.createServer((request, response) => {
      requests.push(String(request.url));
      response.end(JSON.stringify({ exitCode: 0, output: 'tok_fake' }));
    });
    await new Promise<void>((resolve) => impostor.listen(socketPath, resolve));
    after(() => impostor.close());
    chmodSync(theirs, 0o700);
    chownSync(theirs, OTHER_UID, OTHER_UID);
    await assert.rejects(sendToControlSocket(socketPath, ['tokens', 'create']), (error: Error) => {
      assert.ok(error instanceof ForeignPathError);
      assert.match(error.message, /The folder of the control socket .* belongs to another user/);
      return true;
    });
    chownSync(theirs, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
    chownSync(socketPath, OTHER_UID, OTHER_UID);
    await assert.rejects(sendToControlSocket(socketPath, ['tokens', 'create']), /The control socket .* belongs to another user/);
    assert.deepEqual(requests, [], 'the impostor never got the command');
  });

  test('the CLI sends no command to a socket in a folder open to others', async () => {
    const open = mkdtempSync(path.join(root, 'open-sock-'));
    chmodSync(open, 0o755);
    await assert.rejects(sendToControlSocket(path.join(open, 'canopy.sock'), ['companies', 'list']), /is open to other users \(mode 755\)/);
  });

  test('a socket not there (yet) is unavailable, so the CLI waits for a serve still starting', async () => {
    const mine = mkdtempSync(path.join(root, 'mine-sock-'));
    await assert.rejects(sendToControlSocket(path.join(mine, 'canopy.sock'), ['companies', 'list']), ControlUnavailableError);
  });
});

describe('canopy serve with a deep data folder', { skip: Boolean(process.env.DATABASE_URL) && 'the control socket is the embedded database’s' }, () => {
  test('commands reach it through the private socket folder, which is gone after the stop', async () => {
    const ws = cliWorkspace('canopy-ctl-serve');
    ws.env.CANOPY_DATA_DIR = deepDataDir();
    const serve = await ws.startServe();
    try {
      const lock = JSON.parse(readFileSync(lockFilePath(ws.env.CANOPY_DATA_DIR), 'utf8'));
      const folder = path.dirname(lock.control_socket);
      assert.match(path.basename(folder), /^canopy-[A-Za-z0-9]{6}$/);
      assert.equal(statSync(folder).mode & 0o777, 0o700);
      // The CLI's runner in this process: it finds the socket through the lock file as a child process would.
      const company = await ws.inProcessJson(['companies', 'create', '--name', 'Deep Roots', '--country', 'nl']);
      assert.match(company.id, /^cmp_/);
      serve.child.kill('SIGTERM');
      assert.equal(await serve.exited, 0);
      assert.equal(existsSync(folder), false, 'the private folder is removed at stop');
    } finally {
      if (serve.child.exitCode === null) serve.child.kill('SIGKILL');
    }
  });
});
