import { formatDateTime, formatRelativeTime } from './format-time';

const now = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [ago(20_000), 'just now'],
    [ago(5 * 60_000), '5 minutes ago'],
    [ago(3 * 3_600_000), '3 hours ago'],
    [ago(26 * 3_600_000), 'yesterday'],
    [ago(3 * 86_400_000), '3 days ago'],
  ])('says when %s was, from the person’s point of view', (iso, expected) => {
    expect(formatRelativeTime(iso, now)).toBe(expected);
  });

  it('gives the date for anything older than a week', () => {
    expect(formatRelativeTime('2025-01-05T10:00:00.000Z', now)).toBe('Jan 5, 2025');
  });

  it('says nothing for a time it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
