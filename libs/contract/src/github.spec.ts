import * as z from 'zod/mini';
import {
  CreateProjectRepositoryRequestSchema,
  LinkProjectRepositoryRequestSchema,
  RepositoryFullNameSchema,
} from './github';

const accepts = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success;

describe('a project’s repository, as a person names it', () => {
  it.each(['ada/shop', 'ada-codes/mug.shop', 'A1/x', 'octo-org/repo_name-2'])(
    'takes %s as owner/name',
    (fullName) => expect(accepts(RepositoryFullNameSchema, fullName)).toBe(true),
  );

  it.each(['', 'shop', 'ada/', '/shop', 'a/b/c', 'ada/..', '-ada/shop', 'ada/sh op', 'ada/shop?x'])(
    'refuses "%s"',
    (fullName) => expect(accepts(RepositoryFullNameSchema, fullName)).toBe(false),
  );

  it('trims, and takes git branch names only (a new branch too)', () => {
    expect(
      z.parse(LinkProjectRepositoryRequestSchema, { fullName: ' ada/shop ', branch: 'feature/x' }),
    ).toEqual({ fullName: 'ada/shop', branch: 'feature/x' });
    for (const branch of ['', 'bad..branch', 'ends.lock', 'has space', 'a~b'])
      expect(accepts(LinkProjectRepositoryRequestSchema, { fullName: 'ada/shop', branch })).toBe(
        false,
      );
  });

  it('names a new repository with GitHub’s characters, and says whether it is private', () => {
    expect(
      accepts(CreateProjectRepositoryRequestSchema, { name: 'mug-shop.v2', private: true }),
    ).toBe(true);
    for (const name of ['', '.', '..', 'no spaces', 'a/b', 'x'.repeat(101)])
      expect(accepts(CreateProjectRepositoryRequestSchema, { name, private: false })).toBe(false);
    expect(accepts(CreateProjectRepositoryRequestSchema, { name: 'shop' })).toBe(false);
  });
});
