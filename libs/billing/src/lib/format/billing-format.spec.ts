import {
  formatBillingDate,
  formatCredits,
  formatMoney,
  formatShortDate,
  formatSteps,
} from './billing-format';

describe('billing formats', () => {
  it.each([
    [4000, 'usd', '$40.00'],
    [1200, 'usd', '$12.00'],
    [5, 'usd', '$0.05'],
    [-1500, 'usd', '-$15.00'],
    [2000, 'eur', '€20.00'],
  ])('%i cents in %s read %s', (cents, currency, shown) => {
    expect(formatMoney(cents, currency)).toBe(shown);
  });

  it.each([
    [42.6, '43 credits'],
    [1, '1 credit'],
    [0.4, '0 credits'],
    [123456.7, '123,457 credits'],
  ])('%f credits read %s', (credits, shown) => {
    expect(formatCredits(credits)).toBe(shown);
  });

  it('counts model steps', () => {
    expect(formatSteps(1)).toBe('1 model step');
    expect(formatSteps(1200)).toBe('1,200 model steps');
  });

  it('reads billing dates in UTC, the server’s calendar', () => {
    expect(formatBillingDate('2025-02-01T00:00:00.000Z')).toBe('February 1, 2025');
    expect(formatBillingDate('2025-01-31T23:59:00.000Z')).toBe('January 31, 2025');
    expect(formatShortDate('2025-01-15T10:00:00.000Z')).toBe('Jan 15, 2025');
  });
});
