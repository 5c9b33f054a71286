import { createHash } from 'node:crypto';
import { blobs } from '@mason/server-db';
import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { hashContent, putBlobs, readBlobs } from './blobs';

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

  it('leaves unknown hashes out of the answer', async () => {
    const [known] = await putBlobs(database.db, ['known']);
    const found = await readBlobs(database.db, [known, hashContent('never stored')]);
    expect([...found.keys()]).toEqual([known]);
    expect(await readBlobs(database.db, [])).toEqual(new Map());
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
