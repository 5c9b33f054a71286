import { parseRepositoryUrl } from './repository-url';
import { RepositoryImportError } from './repository-import-error';

const refusalOf = (text: string) => {
  try {
    parseRepositoryUrl(text);
  } catch (error) {
    expect(error).toBeInstanceOf(RepositoryImportError);
    return (error as RepositoryImportError).message;
  }
  throw new Error(`${text} was taken`);
};

describe('parseRepositoryUrl', () => {
  it('takes https and http addresses, with or without .git, and names the repository', () => {
    expect(parseRepositoryUrl('https://github.com/ada/shop.git')).toEqual({
      url: 'https://github.com/ada/shop.git',
      name: 'shop',
    });
    expect(parseRepositoryUrl('  http://git.example.com/team/app/  ')).toEqual({
      url: 'http://git.example.com/team/app',
      name: 'app',
    });
    expect(parseRepositoryUrl('github.com/ada/my%20app?tab=code#readme')).toEqual({
      url: 'https://github.com/ada/my%20app',
      name: 'my app',
    });
  });

  it('refuses what it cannot clone, saying what to enter instead', () => {
    expect(refusalOf('')).toBe(
      'Enter the address of a git repository, like https://github.com/owner/name.',
    );
    expect(refusalOf('https://')).toBe(
      'That is not a web address. Enter one like https://github.com/owner/name.',
    );
    expect(refusalOf('ssh://git@github.com/ada/shop.git')).toBe(
      'Mason imports over https (or http): enter an address that starts with https://.',
    );
    expect(refusalOf('file:///etc/passwd')).toBe(
      'Mason imports over https (or http): enter an address that starts with https://.',
    );
    expect(refusalOf('https://ada:secret@github.com/ada/shop')).toMatch(
      /^Leave the user name and password out of the address/,
    );
    expect(refusalOf('https://github.com/')).toBe(
      'That address names no repository: add its path, like /owner/name.',
    );
    expect(refusalOf(`https://github.com/${'a'.repeat(2100)}`)).toBe(
      'Enter the address of a git repository, like https://github.com/owner/name.',
    );
  });
});
