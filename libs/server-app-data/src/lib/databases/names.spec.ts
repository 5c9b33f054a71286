import {
  checkSnapshotId,
  databaseKey,
  isSnapshotId,
  newSnapshotId,
  serverDatabaseName,
  snapshotCreatedAt,
  UnknownSnapshotError,
} from './names';

describe('databaseKey', () => {
  it.each(['p1', '7f3c2a10-4b7e-4c1d-9a52-0d3e8f6b1a2c', 'A_b-C'])('accepts %j', (id) => {
    expect(databaseKey(id, 'production')).toEqual({ projectId: id, environment: 'production' });
  });
  it.each(['', '.', '..', '../x', 'a/b', 'a b', '-a', 'é', 'x'.repeat(129)])('refuses %j', (id) => {
    expect(() => databaseKey(id, 'development')).toThrow('Not a project id');
  });
  it('refuses an unknown environment', () => {
    expect(() => databaseKey('p', 'staging' as 'production')).toThrow('Not an environment');
  });
});

describe('serverDatabaseName', () => {
  it('is readable, per environment, and short enough for a snapshot name under 63', () => {
    const id = '7F3C2A10-4b7e-4c1d-9a52-0d3e8f6b1a2c-and-more';
    const dev = serverDatabaseName('mason_app_', databaseKey(id, 'development'));
    const prod = serverDatabaseName('mason_app_', databaseKey(id, 'production'));
    expect(dev).toMatch(/^mason_app_7f3c2a10_4b7e_4c_[0-9a-f]{8}_dev$/);
    expect(prod).toBe(dev.replace(/_dev$/, '_prod'));
    const longest = serverDatabaseName('a'.repeat(16), databaseKey('x'.repeat(128), 'production'));
    expect(`${longest}_s${newSnapshotId()}`.length).toBeLessThan(63);
  });

  it('keeps ids apart that sanitise alike', () => {
    const a = serverDatabaseName('p_', databaseKey('a-b', 'development'));
    const b = serverDatabaseName('p_', databaseKey('a_b', 'development'));
    const c = serverDatabaseName('p_', databaseKey('A-B', 'development'));
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it.each(['', 'Upper_', '1abc', 'a-b', 'a'.repeat(17)])('refuses the prefix %j', (prefix) => {
    expect(() => serverDatabaseName(prefix, databaseKey('p', 'development'))).toThrow(
      'A database prefix',
    );
  });
});

describe('snapshot ids', () => {
  it('carry their time and sort by it', () => {
    const first = newSnapshotId(Date.UTC(2026, 0, 1));
    const second = newSnapshotId(Date.UTC(2026, 0, 2));
    expect(isSnapshotId(first)).toBe(true);
    expect(first < second).toBe(true);
    expect(snapshotCreatedAt(first).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
  it.each(['', '../../etc', 'ABCDEFGHIJKLM', 'abc'])('refuses %j', (id) => {
    expect(() => checkSnapshotId(id)).toThrow(UnknownSnapshotError);
  });
});
