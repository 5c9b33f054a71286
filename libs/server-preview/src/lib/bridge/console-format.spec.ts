/**
 * @jest-environment jsdom
 */
import { formatConsoleArguments, formatValue } from './console-format';

describe('formatConsoleArguments', () => {
  it('fills each directive with the next argument, as the browser console does', () => {
    expect(formatConsoleArguments(['%i of %f: %o', 7.9, '2.5', { a: 1 }])).toBe(
      '7 of 2.5: {"a":1}',
    );
    expect(formatConsoleArguments(['%O and %s', [1, 2], new RangeError('deep')])).toBe(
      '[1,2] and RangeError: deep',
    );
  });

  it('keeps directives it has no argument for, and a lone string as it is', () => {
    expect(formatConsoleArguments(['%s and %d', 'one'])).toBe('one and %d');
    expect(formatConsoleArguments(['100%s done'])).toBe('100%s done');
  });

  it('shows an element by its tag, and a value JSON cannot hold as text', () => {
    const button = document.createElement('button');
    expect(formatConsoleArguments(['clicked', button, 10n])).toBe('clicked <button> 10');
    expect(formatValue({ big: 1n })).toBe('[object Object]');
    expect(formatValue(Symbol('id'))).toBe('Symbol(id)');
  });
});
