import { REPOSITORY_URL_MAX_LENGTH } from '@mason/contract';
import { RepositoryImportError } from './repository-import-error';

/** A repository address Mason may clone, and the name a project made from it gets. */
export interface RepositoryAddress {
  readonly url: string;
  /** The repository's name: the address's last segment without `.git`. */
  readonly name: string;
}

/**
 * Reads what a person typed as a git repository's address: http or https only (git's own
 * transport over HTTP, as every host serves it), no credentials in it, a path naming the
 * repository. `github.com/owner/name` is taken as https. Where the host points is checked when
 * Mason connects (see guardedGitHttp), not here: a name can resolve differently by then.
 */
export function parseRepositoryUrl(text: string): RepositoryAddress {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > REPOSITORY_URL_MAX_LENGTH) {
    throw invalid('Enter the address of a git repository, like https://github.com/owner/name.');
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('That is not a web address. Enter one like https://github.com/owner/name.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(
      'Mason imports over https (or http): enter an address that starts with https://.',
    );
  }
  if (url.username || url.password) {
    throw invalid(
      'Leave the user name and password out of the address: Mason imports public repositories by address, and private ones through your connected GitHub account.',
    );
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments.at(-1)?.replace(/\.git$/i, '');
  if (!last) {
    throw invalid('That address names no repository: add its path, like /owner/name.');
  }
  url.hash = '';
  url.search = '';
  return { url: url.toString().replace(/\/$/, ''), name: decodeURIComponent(last) };
}

const invalid = (message: string) => new RepositoryImportError('INVALID_URL', message);
