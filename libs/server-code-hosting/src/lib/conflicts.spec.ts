import { CONFLICT_TEXT_MAX_BYTES } from '@mason/contract';
import { hasMarkers, mergeFiles, mergeRequestMessage, sideOf, withMarkers } from './conflicts';

describe('mergeFiles (three-way by file against the common commit)', () => {
  const base = new Map([
    ['a.ts', 'a0'],
    ['b.ts', 'b0'],
    ['gone.ts', 'g0'],
  ]);

  it('takes each side’s change of a file only it changed, additions and deletions too', () => {
    const ours = new Map([
      ['a.ts', 'a1'],
      ['b.ts', 'b0'],
      ['gone.ts', 'g0'],
      ['new-ours.ts', 'n1'],
    ]);
    const theirs = new Map([
      ['a.ts', 'a0'],
      ['b.ts', 'b2'],
      ['new-theirs.ts', 'n2'],
    ]);
    const merged = mergeFiles(base, ours, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(Object.fromEntries(merged.files)).toEqual({
      'a.ts': 'a1',
      'b.ts': 'b2',
      'new-ours.ts': 'n1',
      'new-theirs.ts': 'n2',
    });
  });

  it('lists the files both sides changed differently, and merges the rest', () => {
    const ours = new Map([
      ['a.ts', 'a1'],
      ['b.ts', 'b1'],
      ['gone.ts', 'g0'],
    ]);
    const theirs = new Map([
      ['a.ts', 'a2'],
      ['b.ts', 'b1'],
    ]);
    const merged = mergeFiles(base, ours, theirs);
    expect(merged.conflicts).toEqual(['a.ts']);
    expect(Object.fromEntries(merged.files)).toEqual({ 'b.ts': 'b1' });
    // Changed on one side only: taken; deleted on one side and changed on the other: a conflict.
    expect(
      mergeFiles(base, new Map([...base, ['gone.ts', 'g1']]), new Map(base)).conflicts,
    ).toEqual([]);
    const deleted = new Map(base);
    deleted.delete('gone.ts');
    expect(mergeFiles(base, new Map([...base, ['gone.ts', 'g1']]), deleted).conflicts).toEqual([
      'gone.ts',
    ]);
  });
});

describe('a conflicting file’s sides', () => {
  it('shows text, and names a missing, binary or too large side without its bytes', () => {
    expect(sideOf(Buffer.from('export const a = 1;\n'))).toEqual({
      kind: 'TEXT',
      text: 'export const a = 1;\n',
    });
    expect(sideOf(undefined)).toEqual({ kind: 'MISSING', text: null });
    expect(sideOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toEqual({
      kind: 'BINARY',
      text: null,
    });
    expect(sideOf(Buffer.from([0xc3, 0x28]))).toEqual({ kind: 'BINARY', text: null });
    expect(sideOf(Buffer.alloc(CONFLICT_TEXT_MAX_BYTES + 1, 'a'))).toEqual({
      kind: 'TOO_LARGE',
      text: null,
    });
  });

  it('puts both sides between git’s markers, and sees markers until they are gone', () => {
    const marked = withMarkers('const a = 1;', 'const a = 2;\n');
    expect(marked).toBe('<<<<<<< Mason\nconst a = 1;\n=======\nconst a = 2;\n>>>>>>> GitHub\n');
    expect(hasMarkers(Buffer.from(marked))).toBe(true);
    expect(hasMarkers(Buffer.from('const a = 2;\n// ======= is not a marker here\n'))).toBe(false);
    expect(hasMarkers(Buffer.from('a\n=======\nb\n'))).toBe(true);
  });

  it('asks the assistant to merge the files it names', () => {
    expect(mergeRequestMessage(['src/App.tsx'])).toMatch(
      /^Merge the changes from GitHub in src\/App\.tsx\. Mason and GitHub both changed this file: it holds/,
    );
    expect(mergeRequestMessage(['a.ts', 'b.ts', 'c.ts'])).toMatch(
      /^Merge the changes from GitHub in a\.ts, b\.ts and c\.ts\. .*these files: each holds/,
    );
  });
});
