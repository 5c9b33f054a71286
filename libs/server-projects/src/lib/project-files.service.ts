import type { ProjectFile } from '@mason/contract';
import type { CallerSession } from '@mason/server-http';
import type { VersionManifest } from '@mason/server-db';
import { blobSizes, readBlobs, VersionStore } from '@mason/server-workspace';
import { zipSync } from 'fflate';
import { exportProjectFiles, packageNameFor } from './code-export/code-export';
import type { ProjectsContext } from './projects-context';

/** How long a code download link works. */
const CODE_LINK_SECONDS = 10 * 60;

/** The newest version's files as the API reads them, and the code as a zip to take away. */
export class ProjectFilesService {
  private readonly versions: VersionStore;

  constructor(private readonly ctx: Pick<ProjectsContext, 'db' | 'links'>) {
    this.versions = new VersionStore(ctx.db);
  }

  /** The newest version's manifest (empty before the first version). */
  async latest(projectId: string) {
    const version = await this.versions.latestVersion(projectId);
    return {
      versionId: version?.id ?? null,
      versionIndex: version?.index ?? null,
      manifest: (version?.manifest ?? {}) as VersionManifest,
    };
  }

  async filePaths(projectId: string) {
    const { versionId, versionIndex, manifest } = await this.latest(projectId);
    return { versionId, versionIndex, filePaths: Object.keys(manifest).sort() };
  }

  /** One file, a folder, or (no filePath) all; null when filePath names nothing. */
  async files(projectId: string, filePath: string | undefined) {
    const { versionId, manifest } = await this.latest(projectId);
    const folder = filePath?.replace(/\/$/, '');
    const paths = Object.keys(manifest)
      .sort()
      .filter((path) => !filePath || path === filePath || path.startsWith(`${folder}/`));
    if (filePath && paths.length === 0) return null;
    const contents = await readBlobs(
      this.ctx.db,
      paths.map((path) => manifest[path]),
    );
    const files: ProjectFile[] = paths.map((path) => {
      const bytes = contents.get(manifest[path]) ?? Buffer.alloc(0);
      const text = isText(bytes);
      return {
        path,
        content: text ? bytes.toString('utf8') : bytes.toString('base64'),
        encoding: text ? 'utf8' : 'base64',
        size: bytes.length,
      };
    });
    return { versionId, files };
  }

  /**
   * A short-lived link to a zip of a version (default: the newest), for the caller's session; null
   * before the first version, or when the chosen version is not one of the project's.
   */
  async codeLink(
    session: Pick<CallerSession, 'id'>,
    projectId: string,
    downloadPath: string,
    chosenVersionId?: string,
  ) {
    const version = chosenVersionId
      ? await this.versions.getVersion(projectId, chosenVersionId)
      : await this.versions.latestVersion(projectId);
    if (!version) return null;
    const manifest = version.manifest as VersionManifest;
    const sizes = await blobSizes(this.ctx.db, Object.values(manifest));
    const { token, expiresAt } = this.ctx.links.sign(
      'code',
      codeSubject(projectId, version.id),
      session,
      {
        ttlSeconds: CODE_LINK_SECONDS,
      },
    );
    const query = new URLSearchParams({ version: version.id, token });
    return {
      versionId: version.id,
      downloadUrl: `${downloadPath}?${query}`,
      fileCount: Object.keys(manifest).length,
      // Every file counts, also two with the same content (stored once).
      sizeBytes: Object.values(manifest).reduce((sum, hash) => sum + (sizes.get(hash) ?? 0), 0),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The session a code link was made for, while the link and the session live; null otherwise. */
  async openCodeLink(projectId: string, versionId: string, token: string) {
    return (
      (await this.ctx.links.open('code', codeSubject(projectId, versionId), token))?.session ?? null
    );
  }

  /**
   * A version's files as a zip of a complete Vite + React + TypeScript project (see
   * exportProjectFiles), and the file name to save it as; null when the version no longer exists.
   */
  async archive(project: { id: string; name: string }, versionId: string) {
    const version = await this.versions.getVersion(project.id, versionId);
    if (!version) return null;
    const manifest = version.manifest as VersionManifest;
    const contents = await readBlobs(this.ctx.db, Object.values(manifest));
    const files = new Map(
      Object.entries(manifest).map(([path, hash]) => [
        path,
        new Uint8Array(contents.get(hash) ?? Buffer.alloc(0)),
      ]),
    );
    const entries = Object.fromEntries(
      [...exportProjectFiles(files, { projectName: project.name })].sort(([a], [b]) =>
        a < b ? -1 : 1,
      ),
    );
    return {
      index: version.index,
      fileName: `${packageNameFor(project.name)}-v${version.index}.zip`,
      zip: Buffer.from(zipSync(entries)),
    };
  }
}

const codeSubject = (projectId: string, versionId: string) => `${projectId}:${versionId}`;

/** Text is valid UTF-8 without NUL bytes; anything else travels as base64. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
