import { migrationsInFiles } from './project-database.service';

describe('migrationsInFiles', () => {
  it('reads a version’s migrations, each with its undo file, and nothing else', () => {
    const files = new Map<string, string | Uint8Array>([
      ['db/migrations/001_notes.sql', 'create table notes (id int);'],
      ['db/migrations/001_notes.down.sql', 'drop table notes;'],
      ['db/migrations/002_tags.sql', new TextEncoder().encode('create table tags (name text);')],
      ['db/migrations/README.md', 'notes'],
      ['db/migrations/old/003_x.sql', 'nested: not a migration'],
      ['src/App.tsx', 'export {}'],
    ]);
    expect(migrationsInFiles(files)).toEqual([
      { name: '001_notes.sql', sql: 'create table notes (id int);', down: 'drop table notes;' },
      { name: '002_tags.sql', sql: 'create table tags (name text);' },
    ]);
  });
});
