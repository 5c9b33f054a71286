import { LOGGED_INPUT_STRING_MAX_CHARS, loggedToolInput } from './output';

describe('loggedToolInput', () => {
  it('keeps a small input as it is', () => {
    const input = { path: 'src/App.tsx', old_string: 'a', new_string: 'b', fromLine: 3 };
    expect(loggedToolInput(input)).toEqual(input);
  });

  it('keeps the start of a long string and says how much was left out', () => {
    const content = 'x'.repeat(1_000_000);
    const logged = loggedToolInput({ path: 'src/big.ts', content });
    expect(logged['path']).toBe('src/big.ts');
    expect(logged['content']).toBe(
      `${'x'.repeat(LOGGED_INPUT_STRING_MAX_CHARS)}… [${1_000_000 - LOGGED_INPUT_STRING_MAX_CHARS} more characters not kept in the log]`,
    );
    expect(JSON.stringify(logged).length).toBeLessThan(1_000);
  });

  it('bounds lists, fields and nesting whatever the model sends', () => {
    const deep = { a: { b: { c: { d: { e: 'too deep' } } } } };
    const wide = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'.repeat(600)]),
    );
    const logged = loggedToolInput({ deep, wide, list: Array.from({ length: 1000 }, (_, i) => i) });
    expect(logged['deep']).toEqual({ a: { b: { c: '[…]' } } });
    expect(Object.keys(logged['wide'] as object)).toHaveLength(51);
    expect((logged['list'] as unknown[]).at(-1)).toBe('[950 more items]');
    expect(JSON.stringify(logged).length).toBeLessThan(40_000);
  });

  it('answers an object for an input that is not one', () => {
    expect(loggedToolInput('text')).toEqual({ input: 'text' });
    expect(loggedToolInput(null)).toEqual({ input: null });
  });
});
