import { isUtf8 } from 'node:buffer';
import type { ProjectFile } from '@mason/contract';
import type { Executor, VersionManifest } from '@mason/server-db';
import { readBlobs } from './blobs';
import { normalizeProjectPath } from './paths';

/** Text is valid UTF-8 without NUL bytes; anything else (images, fonts) is binary. */
export function isTextContent(content: Uint8Array): boolean {
  return !content.includes(0) && isUtf8(content);
}

/** Every path of a manifest, sorted. */
export function projectFilePaths(manifest: VersionManifest): string[] {
  return Object.keys(manifest).sort();
}

/**
 * The manifest's paths equal to `filePath` or inside the folder `filePath` (a trailing '/' is
 * allowed), or all of them without it; sorted. Throws a FilePathError for a malformed filePath.
 */
export function selectPaths(manifest: VersionManifest, filePath?: string): string[] {
  const paths = projectFilePaths(manifest);
  if (filePath === undefined) return paths;
  const wanted = normalizeProjectPath(filePath.replace(/(?<=.)\/+$/, ''));
  return paths.filter((path) => path === wanted || path.startsWith(`${wanted}/`));
}

/** A file as GET /projects/:id/files answers it: utf8 text, or base64 for binary content. */
export function toProjectFile(path: string, content: Buffer): ProjectFile {
  const text = isTextContent(content);
  return {
    path,
    content: content.toString(text ? 'utf8' : 'base64'),
    encoding: text ? 'utf8' : 'base64',
    size: content.length,
  };
}

/**
 * The files of a manifest for GET /projects/:id/files: all of them, or (filePath) the one file or
 * every file in that folder; sorted by path. Throws a FilePathError for a malformed filePath.
 */
export async function projectFilesFromManifest(
  executor: Executor,
  manifest: VersionManifest,
  options: { filePath?: string } = {},
): Promise<ProjectFile[]> {
  const paths = selectPaths(manifest, options.filePath);
  const contents = await readBlobs(
    executor,
    paths.map((path) => manifest[path]),
  );
  return paths.flatMap((path) => {
    const content = contents.get(manifest[path]);
    return content ? [toProjectFile(path, content)] : [];
  });
}
