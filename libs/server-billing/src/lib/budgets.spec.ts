import { budgetPeriod } from './budgets';

describe('budgetPeriod', () => {
  it('is the calendar month in UTC', () => {
    expect(budgetPeriod(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      resetsAt: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
