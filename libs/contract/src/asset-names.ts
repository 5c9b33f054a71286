import { ASSET_NAME_MAX_LENGTH, ASSET_TYPES, type AssetType } from './uploads';

/** Where a project's assets live: the app serves `public/logo.png` at `/logo.png`, as Vite does. */
export const ASSET_FOLDER = 'public';

/** An upload's name made safe, with where it goes and what it is; or why it cannot be taken. */
export type AssetNameResult =
  | {
      readonly ok: true;
      /** `logo.png`: the name it is kept under. */
      readonly fileName: string;
      /** `public/logo.png`: the file among the project's files. */
      readonly path: string;
      /** `/logo.png`: where the app (and its code) loads it from. */
      readonly url: string;
      readonly type: AssetType;
    }
  | {
      /** `name`: the name cannot be used (400); `type`: a kind of file Mason does not take (415). */
      readonly ok: false;
      readonly problem: 'name' | 'type';
      readonly message: string;
    };

// Path separators, control characters (NUL included) and the marks that reorder or hide text: a
// name that holds any of them is a trick, not a name a person chose.
// eslint-disable-next-line no-control-regex
const TRICKS = /[/\\\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
/** What a name may keep: letters and digits of any script, '.', '-' and '_'. */
const UNSAFE = /[^\p{L}\p{N}._-]+/gu;

/** "PNG, JPEG, …" for messages. */
const listOfTypes = () =>
  [...new Set(Object.keys(ASSET_TYPES).map((extension) => extension.slice(1).toUpperCase()))]
    .filter((name) => name !== 'JPEG')
    .join(', ');

/** Why a kind of file is refused, naming what is taken. */
export function assetTypeMessage(fileName: string): string {
  return `${fileName} is not a kind of file an app can use as an asset. Upload images, fonts, sound, video or documents: ${listOfTypes()}.`;
}

/**
 * The name an uploaded file is kept under in the app's public/ folder (client and server use the
 * same rules, so a screen can say what will happen before it sends anything): spaces become '-',
 * characters other than letters, digits, '.', '-' and '_' are dropped, the extension is lower case
 * and the name is shortened to ASSET_NAME_MAX_LENGTH. A name with a path in it, control or hidden
 * characters, or nothing left to call it by is refused (`name`); an extension outside ASSET_TYPES
 * is refused (`type`).
 */
export function assetName(name: string): AssetNameResult {
  const given = name.normalize('NFC').trim();
  if (TRICKS.test(given)) {
    return {
      ok: false,
      problem: 'name',
      message:
        'A file name cannot hold a folder path, control characters or hidden characters. Rename the file, then upload it again.',
    };
  }
  const dot = given.lastIndexOf('.');
  const extension = dot >= 0 ? given.slice(dot).toLowerCase() : '';
  const type = ASSET_TYPES[extension];
  if (!type) return { ok: false, problem: 'type', message: assetTypeMessage(given || 'This file') };
  const stem = given
    .slice(0, dot)
    .replace(/\s+/g, '-')
    .replace(UNSAFE, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  if (!/[\p{L}\p{N}]/u.test(stem)) {
    return {
      ok: false,
      problem: 'name',
      message: `Give the file a name with letters or digits, like logo${extension}, then upload it again.`,
    };
  }
  const short = [...stem]
    .slice(0, ASSET_NAME_MAX_LENGTH - extension.length)
    .join('')
    .replace(/[.\-_]+$/, '');
  const fileName = `${short}${extension}`;
  return { ok: true, fileName, path: `${ASSET_FOLDER}/${fileName}`, url: `/${fileName}`, type };
}

/** The type of a file of the public/ folder by its extension, or null when it is not one of ASSET_TYPES. */
export function assetTypeOf(path: string): AssetType | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null;
  return ASSET_TYPES[path.slice(dot).toLowerCase()] ?? null;
}
