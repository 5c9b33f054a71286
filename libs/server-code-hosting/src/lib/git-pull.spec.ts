import { mergedSummary, mergeFiles, pulledSummary, withHeadSymref } from './git-pull';

const pkt = (text: string) => `${(text.length + 4).toString(16).padStart(4, '0')}${text}`;

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
    expect(Object.fromEntries(merged.files ?? [])).toEqual({
      'a.ts': 'a1',
      'b.ts': 'b2',
      'new-ours.ts': 'n1',
      'new-theirs.ts': 'n2',
    });
  });

  it('lists the files both sides changed differently, and merges nothing', () => {
    const ours = new Map([
      ['a.ts', 'a1'],
      ['b.ts', 'b1'],
      ['gone.ts', 'g0'],
    ]);
    const theirs = new Map([
      ['a.ts', 'a2'],
      ['b.ts', 'b1'],
    ]);
    expect(mergeFiles(base, ours, theirs)).toEqual({ files: null, conflicts: ['a.ts'] });
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

describe('withHeadSymref', () => {
  const oid = 'a'.repeat(40);
  it('names HEAD as the branch when the advertisement names none', () => {
    const body = Buffer.from(
      `${pkt('# service=git-upload-pack\n')}0000${pkt(`${oid} refs/heads/shared\0multi_ack side-band-64k\n`)}0000`,
    );
    expect(withHeadSymref(body, 'shared').toString()).toBe(
      `${pkt('# service=git-upload-pack\n')}0000${pkt(`${oid} refs/heads/shared\0multi_ack side-band-64k symref=HEAD:refs/heads/shared\n`)}0000`,
    );
  });

  it('leaves an advertisement that names HEAD, and one it cannot read, as they are', () => {
    const named = Buffer.from(
      `0000${pkt(`${oid} HEAD\0multi_ack symref=HEAD:refs/heads/main\n`)}0000`,
    );
    expect(withHeadSymref(named, 'shared')).toEqual(named);
    const garbage = Buffer.from('zzzz not pkt-lines');
    expect(withHeadSymref(garbage, 'shared')).toEqual(garbage);
  });
});

describe('summaries', () => {
  it('counts commits in words', () => {
    expect(pulledSummary(1)).toBe('Pulled 1 commit from GitHub');
    expect(pulledSummary(3)).toBe('Pulled 3 commits from GitHub');
    expect(mergedSummary(2)).toBe('Merged 2 commits from GitHub');
  });
});
