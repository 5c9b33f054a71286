import * as z from 'zod/mini';

/** git check-ref-format's rules for a branch name, simplified. */
const isBranchName = (name: string): boolean =>
  name !== '@' &&
  !name.startsWith('/') &&
  !name.startsWith('-') &&
  !name.endsWith('/') &&
  !name.endsWith('.') &&
  !name.endsWith('.lock') &&
  !['..', '//', '/.', '@{'].some((sequence) => name.includes(sequence)) &&
  ![...name].some((char) => char <= ' ' || char === '\x7f' || '~^:?*[\\'.includes(char));

/** A git branch name. */
export const BranchNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give a branch name.'),
    z.maxLength(255, 'That branch name is too long.'),
    z.refine(isBranchName, 'That is not a valid branch name.'),
  );
