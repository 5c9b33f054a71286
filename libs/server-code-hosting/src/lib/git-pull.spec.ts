import { mergedSummary, pulledSummary, withHeadSymref } from './git-pull';

const pkt = (text: string) => `${(text.length + 4).toString(16).padStart(4, '0')}${text}`;

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
