// Folder copies for PGlite's databases and snapshots: made under a temporary name and renamed
// into place, so a folder with the final name is always complete.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Copies a folder (a copy-on-write clone where the file system can make one) to `to`, which must not exist. */
export async function copyFolder(from: string, to: string): Promise<void> {
  const partial = `${to}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await fs.cp(from, partial, {
      recursive: true,
      errorOnExist: true,
      mode: constants.COPYFILE_FICLONE,
    });
    await fs.rename(partial, to);
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function pathExists(target: string): Promise<boolean> {
  try {
    await fs.stat(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** The bytes of every file under a folder. */
export async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await fs.stat(full)).size;
  }
  return total;
}
