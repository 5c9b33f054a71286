// App databases as PGlite folders: <dataDir>/app-data/<projectId>/<environment>/pgdata, its
// snapshots beside it in snapshots/<id>/.
//
// Snapshots copy the closed folder (a copy-on-write clone where the file system can make one),
// rather than PGlite's own dumpDataDir('gzip') / loadDataDir. Measured by `npm run bench --
// --only=app-databases` on 2 cores (random hex rows, which compress about 2x):
//            copy (chosen)                    dump
//   rows     snapshot  bytes   restore*       snapshot  bytes   load*      (* to the first query)
//   1 MB     0.8 s     39 MB   1.7 s          1.3 s     6 MB    1.5 s
//   10 MB    0.7 s     66 MB   1.7 s          2.1 s     16 MB   1.7 s
//   100 MB   1.2 s     270 MB  1.9 s          13.3 s    120 MB  6.5 s
// The dump is 2x to 7x smaller but 11x slower at 100 MB and holds the whole tar in memory; a
// snapshot is taken while a person waits for a migration or a revert, so time wins. The copy
// carries PostgreSQL's WAL segments (most of its extra bytes); deleting old snapshots is the
// caller's lever on disk use.
//
// A new database is a copy of a template folder that PGlite initialised once
// (<dataDir>/app-data/.template): initdb took 5 to 16 s here, a copy and an open under 2 s.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Engine, EngineDatabase } from './engine';
import { copyFolder, folderBytes, pathExists } from './files';
import { PgliteThread } from './pglite-thread';
import {
  checkSnapshotId,
  isSnapshotId,
  snapshotCreatedAt,
  newSnapshotId,
  UnknownSnapshotError,
} from './names';
import type { DatabaseKey, Snapshot } from './types';

export class PgliteEngine implements Engine {
  readonly kind = 'PGlite';
  readonly #root: string;
  #template: Promise<string> | null = null;

  constructor(dataDir: string) {
    this.#root = path.join(path.resolve(dataDir), 'app-data');
  }

  #folder(key: DatabaseKey) {
    // databaseKey() checked the id: letters, digits, '-' and '_', never '.' or '/'.
    return path.join(this.#root, key.projectId, key.environment);
  }

  #pgdata(key: DatabaseKey) {
    return path.join(this.#folder(key), 'pgdata');
  }

  #snapshot(key: DatabaseKey, id: string) {
    return path.join(this.#folder(key), 'snapshots', checkSnapshotId(id));
  }

  /** A restore stopped between its two renames left the old folder as pgdata.previous. */
  async #recover(key: DatabaseKey) {
    const pgdata = this.#pgdata(key);
    const previous = `${pgdata}.previous`;
    if (!(await pathExists(pgdata)) && (await pathExists(previous)))
      await fs.rename(previous, pgdata);
  }

  async exists(key: DatabaseKey) {
    return (
      (await pathExists(this.#pgdata(key))) || (await pathExists(`${this.#pgdata(key)}.previous`))
    );
  }

  async open(key: DatabaseKey): Promise<EngineDatabase> {
    await this.#recover(key);
    let db: PgliteThread;
    if (await pathExists(this.#pgdata(key))) {
      db = await PgliteThread.open(this.#pgdata(key));
    } else {
      try {
        db = await this.#create(key);
      } catch {
        // A template PGlite cannot open (made by another PGlite version): make it again, once.
        await this.#discardTemplate();
        await fs.rm(this.#pgdata(key), { recursive: true, force: true });
        db = await this.#create(key);
      }
    }
    return db;
  }

  async #create(key: DatabaseKey) {
    const template = await this.#ensureTemplate();
    const pgdata = this.#pgdata(key);
    await fs.mkdir(this.#folder(key), { recursive: true });
    try {
      await copyFolder(template, pgdata);
    } catch (error) {
      // Another process made it first.
      if (!(await pathExists(pgdata))) throw error;
    }
    return PgliteThread.open(pgdata);
  }

  async #discardTemplate() {
    const template = await this.#template?.catch(() => null);
    this.#template = null;
    if (template) await fs.rm(template, { recursive: true, force: true });
  }

  #ensureTemplate(): Promise<string> {
    this.#template ??= (async () => {
      const template = path.join(this.#root, '.template');
      if (await pathExists(template)) return template;
      await fs.mkdir(this.#root, { recursive: true });
      const making = `${template}-${randomBytes(4).toString('hex')}`;
      try {
        await (await PgliteThread.open(making)).close();
        await fs.rename(making, template);
      } catch (error) {
        await fs.rm(making, { recursive: true, force: true });
        if (!(await pathExists(template))) throw error;
      }
      return template;
    })();
    this.#template.catch(() => (this.#template = null));
    return this.#template;
  }

  async remove(key: DatabaseKey) {
    await fs.rm(this.#folder(key), { recursive: true, force: true });
    await fs.rmdir(path.dirname(this.#folder(key))).catch(() => undefined);
  }

  async snapshot(key: DatabaseKey): Promise<Snapshot> {
    await this.#recover(key);
    const id = newSnapshotId();
    const target = this.#snapshot(key, id);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await copyFolder(this.#pgdata(key), target);
    return { id, bytes: await folderBytes(target), createdAt: snapshotCreatedAt(id) };
  }

  async restore(key: DatabaseKey, snapshotId: string) {
    await this.#recover(key);
    const source = this.#snapshot(key, snapshotId);
    if (!(await pathExists(source))) throw new UnknownSnapshotError(snapshotId);
    const pgdata = this.#pgdata(key);
    const restoring = `${pgdata}.restoring`;
    const previous = `${pgdata}.previous`;
    await fs.rm(restoring, { recursive: true, force: true });
    await copyFolder(source, restoring);
    if (await pathExists(pgdata)) await fs.rename(pgdata, previous);
    await fs.rename(restoring, pgdata);
    await fs.rm(previous, { recursive: true, force: true });
  }

  async deleteSnapshot(key: DatabaseKey, snapshotId: string) {
    await fs.rm(this.#snapshot(key, snapshotId), { recursive: true, force: true });
  }

  async snapshots(key: DatabaseKey): Promise<Snapshot[]> {
    const folder = path.join(this.#folder(key), 'snapshots');
    if (!(await pathExists(folder))) return [];
    const ids = (await fs.readdir(folder)).filter(isSnapshotId).sort();
    return Promise.all(
      ids.map(async (id) => ({
        id,
        bytes: await folderBytes(path.join(folder, id)),
        createdAt: snapshotCreatedAt(id),
      })),
    );
  }

  async close() {
    await this.#template?.catch(() => undefined);
  }
}
