import { countLineChanges, splitLines } from './line-diff';

const lines = (...values: string[]) => values.map((value) => `${value}\n`).join('');

describe('splitLines', () => {
  it('keeps each line break with its line, and a last line without one', () => {
    expect(splitLines('a\nb\n')).toEqual(['a\n', 'b\n']);
    expect(splitLines('a\nb')).toEqual(['a\n', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n\n')).toEqual(['\n', '\n']);
  });
});

describe('countLineChanges', () => {
  it('counts nothing for equal texts', () => {
    expect(countLineChanges(lines('a', 'b'), lines('a', 'b'))).toEqual({
      additions: 0,
      deletions: 0,
    });
  });

  it('counts every line of a new or removed text', () => {
    expect(countLineChanges('', lines('a', 'b', 'c'))).toEqual({ additions: 3, deletions: 0 });
    expect(countLineChanges(lines('a', 'b'), '')).toEqual({ additions: 0, deletions: 2 });
  });

  it('counts a changed line as one addition and one deletion', () => {
    expect(countLineChanges(lines('a', 'b', 'c'), lines('a', 'B', 'c'))).toEqual({
      additions: 1,
      deletions: 1,
    });
  });

  it('finds the shortest edit script, as git diff --numstat does', () => {
    // The classic example of Myers' paper: ABCABBA -> CBABAC takes 5 edits (2 added, 3 removed).
    expect(countLineChanges(lines(...'ABCABBA'), lines(...'CBABAC'))).toEqual({
      additions: 2,
      deletions: 3,
    });
    expect(countLineChanges(lines('x', 'a', 'b', 'c'), lines('a', 'b', 'c', 'x'))).toEqual({
      additions: 1,
      deletions: 1,
    });
    expect(countLineChanges(lines('a', 'b', 'c', 'd'), lines('a', 'new', 'b', 'd', 'e'))).toEqual({
      additions: 2,
      deletions: 1,
    });
  });

  it('counts a line that gains or loses its final line break', () => {
    expect(countLineChanges('a\nb', 'a\nb\n')).toEqual({ additions: 1, deletions: 1 });
  });

  it('stays exact on a long file with scattered edits', () => {
    const before = Array.from({ length: 20_000 }, (_, line) => `line ${line}`);
    const after = before.map((line, index) => (index % 1000 === 0 ? `${line} changed` : line));
    after.splice(5000, 0, 'inserted one', 'inserted two');
    expect(countLineChanges(lines(...before), lines(...after))).toEqual({
      additions: 22,
      deletions: 20,
    });
  });

  it('answers for two large, entirely different files', () => {
    const before = Array.from({ length: 30_000 }, (_, line) => `old ${line}`);
    const after = Array.from({ length: 25_000 }, (_, line) => `new ${line}`);
    expect(countLineChanges(lines(...before), lines(...after))).toEqual({
      additions: 25_000,
      deletions: 30_000,
    });
  });
});
