import { isJsonObjectString } from './json';

describe('isJsonObjectString', () => {
  it.each([
    ['{}', true],
    ['{"a":1}', true],
    [' { "nested": { "b": [1] } } ', true],
    ['[]', false],
    ['[{"a":1}]', false],
    ['null', false],
    ['1', false],
    ['"text"', false],
    ['{', false],
    ['', false],
  ])('%j -> %s', (text, expected) => {
    expect(isJsonObjectString(text)).toBe(expected);
  });
});
