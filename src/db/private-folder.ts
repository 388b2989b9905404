import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
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

/** Creates the folder 0700, whatever the umask, or tightens an existing one to 0700. */
export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  tighten(dir, FOLDER_MODE);
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
