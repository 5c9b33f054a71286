import {
  API_PREFIX,
  ASSET_FOLDER,
  ASSET_MAX_BYTES,
  ApiRoutes,
  assetName,
  assetTypeOf,
  type Asset,
} from '@mason/contract';
import type { AssetRow, Executor, VersionManifest } from '@mason/server-db';
import { type CallerSession, formatBytes, RuleViolation } from '@mason/server-http';
import { isUuid } from '@mason/server-db';
import { blobSizes, projectSize, putBlobs, readBlobs, VersionStore } from '@mason/server-workspace';
import type { AssetsContext } from './assets-context';
import {
  deleteAssetRow,
  findAssetRow,
  findUserAssetRow,
  listAssetRows,
  upsertAssetRow,
} from './assets.repository';

/** How long a thumbnail link works; rounded to the hour, so the browser's cache keeps the image. */
const LINK_SECONDS = 12 * 60 * 60;
const MAX_MB = Math.round(ASSET_MAX_BYTES / 1024 / 1024);

export const ASSET_NOT_FOUND = 'This asset does not exist: it may have been deleted already.';

/** What a thumbnail link is signed for: this content of this asset of this project. */
export const assetLinkSubject = (projectId: string, assetId: string, hash: string) =>
  `${projectId}:${assetId}:${hash}`;

/** A file as the route received it: the name the browser sent and its bytes. */
export interface ReceivedAsset {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/** An asset's bytes and the type they are served as. */
export interface AssetFile {
  readonly content: Buffer;
  readonly contentType: string;
}

/** The file name of a path: `public/img/logo.png` -> `logo.png`. */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * A project's assets: files a person uploads into the app's public/ folder, where the app loads
 * them from the site root (`public/logo.png` at `/logo.png`, as Vite serves it). The newest
 * version's files are the truth: an asset is listed while its file is there (a revert to before
 * the upload hides it, a revert back shows it again), and every upload or removal is a version
 * of its own, recorded on the project's newest task. Contents are stored once however often they
 * are uploaded (blobs are content-addressed).
 */
export class AssetsService {
  private readonly versionStore: VersionStore;

  constructor(private readonly ctx: AssetsContext) {
    this.versionStore = new VersionStore(ctx.db);
  }

  /** The uploaded assets in the project's newest version, by path. */
  async list(projectId: string, session: CallerSession): Promise<Asset[]> {
    const { db } = this.ctx;
    const latest = await this.versionStore.latestVersion(projectId);
    const manifest: VersionManifest = latest?.manifest ?? {};
    const present = (await listAssetRows(db, projectId)).filter((row) => manifest[row.path]);
    const hashes = present.map((row) => manifest[row.path] as string);
    const sizes = await blobSizes(db, hashes);
    return present.map((row, index) => {
      const hash = hashes[index] as string;
      return this.toAsset(row, hash, sizes.get(hash) ?? row.size, session);
    });
  }

  /**
   * Puts the file into public/ as a new version (the same name replaces the file there). Refused:
   * a name with a path or hidden characters (invalid), a kind of file an app does not serve as an
   * asset (unsupported-type), an empty file (invalid), one over ASSET_MAX_BYTES or one the project
   * has no room for (too-large), a name a folder of the project already holds (conflict). Nothing
   * is written when it is refused.
   */
  async upload(projectId: string, session: CallerSession, received: ReceivedAsset): Promise<Asset> {
    const named = assetName(received.fileName);
    if (!named.ok) {
      throw new RuleViolation(
        named.problem === 'type' ? 'unsupported-type' : 'invalid',
        named.message,
      );
    }
    const { bytes } = received;
    if (bytes.length === 0) {
      throw new RuleViolation('invalid', `${named.fileName} is empty: choose a file with content.`);
    }
    if (bytes.length > ASSET_MAX_BYTES) throw tooLarge(named.fileName);
    const { path } = named;
    const { result: row } = await this.ctx.versions.edit(projectId, async (tx, latest) => {
      const manifest: VersionManifest = latest?.manifest ?? {};
      checkPlace(manifest, path);
      await this.checkRoom(tx, projectId, manifest, path, bytes.length);
      const [hash] = await putBlobs(tx, [bytes]);
      const verb = manifest[path] === undefined ? 'Added' : 'Replaced';
      const stored = await upsertAssetRow(tx, {
        projectId,
        path,
        contentType: named.type.contentType,
        size: bytes.length,
        blobHash: hash as string,
      });
      return {
        edits: [{ path, hash: hash as string, description: `${verb} ${path}` }],
        summary: `${verb} ${path}`,
        result: stored,
      };
    });
    return this.toAsset(row, row.blobHash, bytes.length, session);
  }

  /** Removes the asset and its file from public/, as a new version. not-found when there is no such asset. */
  async remove(projectId: string, assetId: string): Promise<void> {
    const { db, versions } = this.ctx;
    if (!isUuid(assetId) || !(await findAssetRow(db, projectId, assetId))) {
      throw new RuleViolation('not-found', ASSET_NOT_FOUND);
    }
    await versions.edit(projectId, async (tx) => {
      const removed = await deleteAssetRow(tx, projectId, assetId);
      if (!removed) throw new RuleViolation('not-found', ASSET_NOT_FOUND);
      // A file a revert already took away: the row goes, and no version is needed.
      return {
        edits: [{ path: removed.path, hash: null, description: `Removed ${removed.path}` }],
        summary: `Removed ${removed.path}`,
        result: null,
      };
    });
  }

  /**
   * The bytes a thumbnail link opens: only with a live link made for this content of this asset,
   * only while the asset is still its project's and the project still the link's session's. Null
   * otherwise, alike whatever the reason.
   */
  async openFile(
    projectId: string,
    assetId: string,
    hash: string,
    token: string,
  ): Promise<AssetFile | null> {
    const { db, links } = this.ctx;
    if (!isUuid(projectId) || !isUuid(assetId)) return null;
    const link = await links.open('asset', assetLinkSubject(projectId, assetId, hash), token);
    if (!link) return null;
    const row = await findUserAssetRow(db, link.session.user.id, projectId, assetId);
    if (!row) return null;
    const content = (await readBlobs(db, [hash])).get(hash);
    if (!content) return null;
    return { content, contentType: assetTypeOf(row.path)?.contentType ?? row.contentType };
  }

  /** too-large unless the project has room for `size` bytes at `path` (a file replaced there frees its own). */
  private async checkRoom(
    tx: Executor,
    projectId: string,
    manifest: VersionManifest,
    path: string,
    size: number,
  ): Promise<void> {
    const { projectMaxBytes } = this.ctx.config;
    const held = await projectSize(tx, projectId);
    const replaced = manifest[path];
    const freed = replaced ? ((await blobSizes(tx, [replaced])).get(replaced) ?? 0) : 0;
    const total = held.files + held.uploads;
    if (total - freed + size > projectMaxBytes) {
      throw new RuleViolation(
        'too-large',
        `This project is full: it holds ${formatBytes(total)} of files and uploads, and a project holds at most ${formatBytes(projectMaxBytes)}. Delete assets or files it no longer needs, or upload a smaller file.`,
      );
    }
  }

  private toAsset(row: AssetRow, hash: string, size: number, session: CallerSession): Asset {
    const { token } = this.ctx.links.sign(
      'asset',
      assetLinkSubject(row.projectId, row.id, hash),
      session,
      { ttlSeconds: LINK_SECONDS, roundToSeconds: 3600 },
    );
    const file = `${API_PREFIX}${ApiRoutes.projectAssetFile}`
      .replace(':id', row.projectId)
      .replace(':assetId', row.id);
    return {
      id: row.id,
      projectId: row.projectId,
      fileName: baseName(row.path),
      path: row.path,
      contentType: assetTypeOf(row.path)?.contentType ?? row.contentType,
      size,
      url: row.path.slice(ASSET_FOLDER.length),
      previewUrl: `${file}?${new URLSearchParams({ hash, token })}`,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** too-large: one file over ASSET_MAX_BYTES. */
export function tooLarge(fileName: string): RuleViolation {
  return new RuleViolation(
    'too-large',
    `${fileName} is larger than ${MAX_MB} MB, the most one asset may hold. Make it smaller (compress the image, or use WOFF2 for fonts), then upload it again.`,
  );
}

/** conflict when `public` is a file, or the path is a folder, in the project's files. */
function checkPlace(manifest: VersionManifest, path: string): void {
  if (manifest[ASSET_FOLDER] !== undefined) {
    throw new RuleViolation(
      'conflict',
      `The project has a file named ${ASSET_FOLDER} where its ${ASSET_FOLDER}/ folder belongs. Ask the assistant to rename it, then upload again.`,
    );
  }
  const inside = `${path}/`;
  if (Object.keys(manifest).some((file) => file.startsWith(inside))) {
    throw new RuleViolation(
      'conflict',
      `The project has a folder ${path}, so a file cannot have that name. Rename the file, then upload it again.`,
    );
  }
}
