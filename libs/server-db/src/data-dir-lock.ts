import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'pglite.lock';

/** Another process (or this one) has the embedded database of a data folder open. */
export class DataDirInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one connection to files on disk: two openers of the same folder would corrupt it.
 * Takes a lock file holding this process's id (a stale lock of a dead process is taken over)
 * and returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by process ${pid}${pid === process.pid ? ' (this one)' : ''}. ` +
            'The embedded database allows one server process; set DATABASE_URL to a PostgreSQL server to run several.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
