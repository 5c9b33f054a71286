import { formatExactTime, formatRelativeTime } from './relative-time';

const now = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'just now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [15 * 24 * 3600, '2 weeks ago'],
    [70 * 24 * 3600, '2 months ago'],
    [400 * 24 * 3600, 'last year'],
  ])('says %i seconds ago is "%s"', (seconds, words) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(words);
  });

  it('gives nothing for a time it cannot read', () => {
    expect(formatRelativeTime('not a time', now)).toBe('');
  });
});

describe('formatExactTime', () => {
  it('names the date and the time', () => {
    expect(formatExactTime('2025-01-15T10:00:00.000Z')).toMatch(
      /^Jan 15, 2025, \d{1,2}:\d{2}\s?[AP]M$/,
    );
  });
});
