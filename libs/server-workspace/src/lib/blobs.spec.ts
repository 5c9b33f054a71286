import { createHash, randomBytes } from 'node:crypto';
import { blobs, projects, staticFiles, taskLogs, tasks, users, versions } from '@mason/server-db';
import { eq, inArray } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import {
  blobSizes,
  collectBlobs,
  hashContent,
  keptBlobSizes,
  putBlobs,
  readBlobs,
  readKeptBlobs,
} from './blobs';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('blob store', () => {
  it('stores contents under the sha256 of their bytes and reads them back', async () => {
    const image = Buffer.from([0, 1, 2, 255]);
    const hashes = await putBlobs(database.db, ['hello\n', image]);
    expect(hashes).toEqual([
      createHash('sha256').update('hello\n').digest('hex'),
      createHash('sha256').update(image).digest('hex'),
    ]);
    const found = await readBlobs(database.db, hashes);
    expect(found.get(hashes[0])?.toString('utf8')).toBe('hello\n');
    expect(found.get(hashes[1])).toEqual(image);
  });

  it('stores equal contents once, and storing them again changes nothing', async () => {
    const [first, again] = await putBlobs(database.db, ['shared', 'shared']);
    expect(again).toBe(first);
    await expect(putBlobs(database.db, [Buffer.from('shared')])).resolves.toEqual([first]);
    const rows = await database.db.select().from(blobs);
    expect(rows.filter((row) => row.hash === first)).toEqual([
      expect.objectContaining({ size: 6, content: Buffer.from('shared') }),
    ]);
  });

  it('keeps every byte value, and a file of megabytes, exactly', async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    const large = randomBytes(3 * 1024 * 1024);
    const hashes = await putBlobs(database.db, [everyByte, large, new Uint8Array(0)]);
    const found = await readBlobs(database.db, hashes);
    expect(found.get(hashes[0])).toEqual(everyByte);
    expect(found.get(hashes[1])?.equals(large)).toBe(true);
    expect(found.get(hashes[2])?.length).toBe(0);
  });

  it('leaves unknown hashes out of the answer', async () => {
    const [known] = await putBlobs(database.db, ['known']);
    const found = await readBlobs(database.db, [known, hashContent('never stored')]);
    expect([...found.keys()]).toEqual([known]);
    expect(await readBlobs(database.db, [])).toEqual(new Map());
  });

  it('keeps the contents a turn stores or reads in memory, so they are not read again', async () => {
    const [stored] = await putBlobs(database.db, [`stored ${randomBytes(4).toString('hex')}`]);
    const read = hashContent(`read ${randomBytes(4).toString('hex')}`);
    await database.db
      .insert(blobs)
      .values({ hash: read, content: Buffer.from('read'), size: 4 })
      .onConflictDoNothing();
    // Read once from the database (with one hash it does not hold), then kept.
    const first = await readKeptBlobs(database.db, [read, hashContent('never stored')]);
    expect([...first.keys()]).toEqual([read]);

    // Gone from the database: the kept contents, and their sizes, still answer.
    await database.db.delete(blobs).where(inArray(blobs.hash, [stored, read]));
    expect(await readBlobs(database.db, [stored, read])).toEqual(new Map());
    const kept = await readKeptBlobs(database.db, [stored, read]);
    expect(kept.get(read)?.toString()).toBe('read');
    expect(kept.get(stored)?.toString()).toMatch(/^stored /);
    expect(await keptBlobSizes(database.db, [read])).toEqual(new Map([[read, 4]]));
  });

  it('handles more contents than one statement holds', async () => {
    const contents = Array.from({ length: 1203 }, (_, index) => `file ${index}`);
    const hashes = await putBlobs(database.db, contents);
    const found = await readBlobs(database.db, hashes);
    expect(found.size).toBe(1203);
    expect(found.get(hashes[1202])?.toString()).toBe('file 1202');
  });

  it('takes part in the caller’s transaction', async () => {
    const rolledBack = hashContent('rolled back');
    await expect(
      database.db.transaction(async (tx) => {
        await putBlobs(tx, ['rolled back']);
        expect((await readBlobs(tx, [rolledBack])).size).toBe(1);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await readBlobs(database.db, [rolledBack])).size).toBe(0);
  });
});

describe('collecting blobs', () => {
  const HOUR = 60 * 60 * 1000;
  const anHourAgo = () => new Date(Date.now() - HOUR);

  /** Makes `hashes` look last written two hours ago. */
  async function age(hashes: string[]) {
    await database.db
      .update(blobs)
      .set({ touchedAt: new Date(Date.now() - 2 * HOUR) })
      .where(inArray(blobs.hash, hashes));
  }

  async function stored(hashes: string[]) {
    return [...(await readBlobs(database.db, hashes)).keys()].sort();
  }

  it('deletes what no version, upload or message references, once it is old enough', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `gc-${Date.now()}@example.com`, firstName: 'A', lastName: 'B' })
      .returning();
    const [project] = await database.db
      .insert(projects)
      .values({ userId: user.id, name: 'p', description: 'd', type: 'INTERNAL', status: 'READY' })
      .returning();
    const [inVersion, uploaded, inMessage, orphan, freshOrphan] = await putBlobs(database.db, [
      'gc: a file of a version',
      'gc: an uploaded file',
      'gc: an image of a message',
      'gc: nothing references me',
      'gc: nothing references me either, but I was just written',
    ]);
    await database.db.insert(versions).values({
      projectId: project.id,
      index: 0,
      manifest: { 'src/App.tsx': inVersion },
      summary: 'Starter',
    });
    await database.db.insert(staticFiles).values({
      projectId: project.id,
      userId: user.id,
      fileName: 'notes.md',
      contentType: 'text/markdown',
      size: 1,
      blobHash: uploaded,
    });
    const [task] = await database.db
      .insert(tasks)
      .values({
        projectId: project.id,
        userId: user.id,
        description: 'd',
        state: 'COMPLETED',
        model: 'GPT_5',
      })
      .returning();
    await database.db.insert(taskLogs).values({
      taskId: task.id,
      seq: 1,
      type: 'USER_MESSAGE',
      content: 'look',
      payload: { images: [{ mediaType: 'image/png', hash: inMessage }] },
    });
    const all = [inVersion, uploaded, inMessage, orphan, freshOrphan];
    await age([inVersion, uploaded, inMessage, orphan]);

    expect(await collectBlobs(database.db, anHourAgo())).toBe(1);
    expect(await stored(all)).toEqual([inVersion, uploaded, inMessage, freshOrphan].sort());

    // The project goes: everything it alone referenced goes with the next collection.
    await database.db.delete(projects).where(eq(projects.id, project.id));
    await age(all);
    expect(await collectBlobs(database.db, anHourAgo())).toBe(4);
    expect(await stored(all)).toEqual([]);
  });

  it('keeps an old blob that is written again (someone is about to reference it)', async () => {
    const [old] = await putBlobs(database.db, ['gc: written long ago, and again now']);
    await age([old]);
    await putBlobs(database.db, ['gc: written long ago, and again now']);
    await collectBlobs(database.db, anHourAgo());
    expect(await stored([old])).toEqual([old]);
  });

  it('answers sizes without contents', async () => {
    const [small, large] = await putBlobs(database.db, ['12', 'x'.repeat(1000)]);
    expect(await blobSizes(database.db, [small, large, small])).toEqual(
      new Map([
        [small, 2],
        [large, 1000],
      ]),
    );
  });
});
