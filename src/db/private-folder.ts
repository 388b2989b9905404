import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database folder holds recipients' emails (in tables and the write-ahead
 * log), the folder lock and the control socket: only its owner may enter it. A folder
 * mode of 0700 is what keeps other users out; the modes of the files inside are tightened
 * as well, so copying the folder elsewhere does not open it up.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
const GROUP_AND_OTHER_BITS = 0o077;

/**
 * Creates the folder 0700, whatever the umask, or tightens an existing one to 0700. An
 * existing folder (or a symbolic link to one) that another user owns is refused: someone
 * who created the path first, say in a shared temp folder, could read what Canopy writes
 * there, or take its control socket. (root could even tighten such a folder and go on.)
 */
export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  refuseOthers(dir, 'The data folder');
  tighten(dir, FOLDER_MODE);
}

/** A path another local user owns or may enter, where Canopy needs one of its own: the operator's to fix. */
export class ForeignPathError extends Error {
  readonly code = 'CANOPY_FOREIGN_PATH';
}

/**
 * Throws ForeignPathError unless `file`, and what it points to when it is a symbolic link,
 * belong to the user this process runs as; with `privateMode`, also unless group and
 * others have no access to it. `what` names it in the message ("The data folder").
 * Where the system has no user ids (Windows), there is nothing to compare.
 */
export function refuseOthers(file: string, what: string, { privateMode = false } = {}): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const link = lstatSync(file);
  const target = link.isSymbolicLink() ? statSync(file) : link;
  for (const entry of [link, target]) {
    if (entry.uid !== uid) {
      throw new ForeignPathError(
        `${what} ${file} belongs to another user (uid ${entry.uid}), not to the user Canopy runs as (uid ${uid}): refusing to use it. ` +
          'Someone may have created it first to read or take over what Canopy puts there. Remove it, or choose a path of your own.',
      );
    }
  }
  if (privateMode && target.mode & GROUP_AND_OTHER_BITS) {
    throw new ForeignPathError(
      `${what} ${file} is open to other users (mode ${(target.mode & 0o777).toString(8)}): refusing to use it. It must be 0700, as Canopy creates it.`,
    );
  }
}

/**
 * Takes every group and other permission off what is below `dir`: folders become 0700,
 * files 0600. PGlite writes the cluster it lays out on a fresh folder as 0666 and its
 * relation cache files as 0644, whatever the umask, so this runs after it opens.
 * Symbolic links are left alone: chmod would follow them out of the folder.
 */
export function tightenFolderContents(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      tighten(full, FOLDER_MODE);
      tightenFolderContents(full);
    } else {
      tighten(full, FILE_MODE);
    }
  }
}

/** Changes the mode only when others have access, so a folder already private costs one stat per entry. */
function tighten(file: string, mode: number): void {
  try {
    if (lstatSync(file).mode & GROUP_AND_OTHER_BITS) chmodSync(file, mode);
  } catch (error) {
    // Removed meanwhile (a lock takeover's guard file): nothing left to protect.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
