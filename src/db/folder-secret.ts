import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'secret.key';

/**
 * The server secret of an embedded installation, kept in its data folder so that `npm
 * start` needs no configuration and links signed before a restart still work after it.
 * Created on first start, readable by the owner only. With DATABASE_URL the operator
 * sets CANOPY_SECRET_KEY instead, as every process must share it.
 */
export function folderSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  // 'wx': never overwrite a secret another process wrote meanwhile; the folder lock makes that unlikely.
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
