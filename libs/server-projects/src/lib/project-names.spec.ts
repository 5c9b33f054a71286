import { nameFromDescription } from './project-names';

describe('nameFromDescription', () => {
  it('takes the first line, capitalised', () => {
    expect(nameFromDescription('a counter app\nwith two buttons')).toBe('A counter app');
  });

  it('stops at a whole word within 60 characters', () => {
    const name = nameFromDescription(`${'word '.repeat(20)}end`);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name.endsWith('word')).toBe(true);
  });

  it('names an empty description "Untitled app"', () => {
    expect(nameFromDescription('   ')).toBe('Untitled app');
  });
});
