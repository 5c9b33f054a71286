import { randomBytes, randomUUID } from 'node:crypto';
import { type ApiCallName, ApiCalls, type CallSpec, type IdKind } from '@mason/contract';
import { callOf, fuzzTargets, type OpenApiDocument, routeName } from './api-fuzzer';
import { PIXEL_PNG } from '../images';
import { STARTER_HEADING } from '../starter-app';
import type { Tenant } from './tenant';

/** The ids a request is built from: one person's, or one person's with some kinds swapped. */
export interface IdSet {
  projectId: string;
  taskId: string;
  versionId: string;
  logId: string;
  blobHash: string;
  staticFileId: string;
  envKey: string;
  deploymentId: string;
  assetId: string;
  /** A checkout the person started (the embedded provider's page reads it). */
  checkoutId: string;
  mcpServerId: string;
  /** The content of that asset (its thumbnail link names it). */
  assetHash: string;
  /** The token of an image link, a code link and an asset's thumbnail link (links carry their own permission). */
  imageToken: string;
  codeToken: string;
  assetToken: string;
}

export interface MatrixRequest {
  /** Under /api, ids filled in. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload of these files instead of a JSON body (in the field "files" unless told). */
  files?: { name: string; content: string }[];
  field?: string;
}

type Build = (ids: IdSet) => MatrixRequest;

/**
 * A valid request of every call that takes someone's ids: the cross-tenant matrix sends each
 * with another person's ids, kind by kind. A call that takes ids and is missing here fails the
 * matrix (missingFromMatrix).
 */
export const MATRIX: Partial<Record<ApiCallName, Build>> = {
  getProject: (ids) => ({ path: `/projects/${ids.projectId}` }),
  updateProject: (ids) => ({ path: `/projects/${ids.projectId}`, body: { name: 'Renamed' } }),
  deleteProject: (ids) => ({ path: `/projects/${ids.projectId}` }),
  getProjectStatus: (ids) => ({ path: `/projects/${ids.projectId}/status` }),
  getProjectFilePaths: (ids) => ({ path: `/projects/${ids.projectId}/filepaths` }),
  getProjectFiles: (ids) => ({
    path: `/projects/${ids.projectId}/files`,
    query: { filePath: 'src/App.tsx' },
  }),
  getProjectPreview: (ids) => ({ path: `/projects/${ids.projectId}/preview` }),
  getProjectCode: (ids) => ({ path: `/projects/${ids.projectId}/code` }),
  downloadProjectCode: (ids) => ({
    path: `/projects/${ids.projectId}/code/download`,
    query: { version: ids.versionId, token: ids.codeToken },
  }),
  getEnvVariables: (ids) => ({ path: `/projects/${ids.projectId}/env` }),
  setEnvVariable: (ids) => ({
    path: `/projects/${ids.projectId}/env`,
    body: { key: 'SET_BY_MATRIX', value: 'a value' },
  }),
  deleteEnvVariable: (ids) => ({ path: `/projects/${ids.projectId}/env/${ids.envKey}` }),
  getDeployment: (ids) => ({
    path: `/projects/${ids.projectId}/deployment`,
    query: { newApi: 'true' },
  }),
  deployProject: (ids) => ({
    path: `/projects/${ids.projectId}/deployment`,
    body: { versionId: ids.versionId },
  }),
  rollbackDeployment: (ids) => ({
    path: `/projects/${ids.projectId}/deployment/rollback`,
    body: { deploymentId: ids.deploymentId },
  }),
  unpublishProject: (ids) => ({ path: `/projects/${ids.projectId}/deployment` }),
  changeAppSlug: (ids) => ({
    path: `/projects/${ids.projectId}/deployment/slug`,
    body: { slug: 'matrix-app' },
  }),
  getProjectCodeHosting: (ids) => ({ path: `/projects/${ids.projectId}/code-hosting` }),
  linkProjectRepository: (ids) => ({
    path: `/projects/${ids.projectId}/code-hosting`,
    body: { fullName: 'matrix-owner/matrix-app', branch: 'main' },
  }),
  unlinkProjectRepository: (ids) => ({ path: `/projects/${ids.projectId}/code-hosting` }),
  createProjectRepository: (ids) => ({
    path: `/projects/${ids.projectId}/code-hosting/repository`,
    body: { name: 'matrix-app', private: true },
  }),
  syncProjectRepository: (ids) => ({ path: `/projects/${ids.projectId}/code-hosting/sync` }),
  getProjectCodeHostingConflict: (ids) => ({
    path: `/projects/${ids.projectId}/code-hosting/conflict`,
  }),
  resolveProjectCodeHostingConflict: (ids) => ({
    path: `/projects/${ids.projectId}/code-hosting/conflict`,
    body: { theirs: 'a'.repeat(40), files: [{ path: 'src/App.tsx', keep: 'MASON' }] },
  }),
  // A private address: the owner's attach is refused before Mason connects anywhere.
  attachDatabase: (ids) => ({
    path: `/projects/${ids.projectId}/supabase/attach`,
    body: { provider: 'POSTGRES', connectionUrl: 'postgres://matrix@10.0.0.1:5432/app' },
  }),
  detachDatabase: (ids) => ({ path: `/projects/${ids.projectId}/database/attachment` }),
  getProjectDatabase: (ids) => ({ path: `/projects/${ids.projectId}/database` }),
  enableProjectDatabase: (ids) => ({ path: `/projects/${ids.projectId}/database` }),
  getDatabaseTables: (ids) => ({ path: `/projects/${ids.projectId}/database/tables` }),
  getDatabaseRows: (ids) => ({
    path: `/projects/${ids.projectId}/database/tables/notes/rows`,
    query: { order: 'id', limit: '10' },
  }),
  updateDatabaseRow: (ids) => ({
    path: `/projects/${ids.projectId}/database/tables/notes/rows`,
    body: { key: { id: 1 }, values: { body: 'changed by the matrix' } },
  }),
  getDatabaseUsers: (ids) => ({ path: `/projects/${ids.projectId}/database/users` }),
  getDatabaseMigrations: (ids) => ({ path: `/projects/${ids.projectId}/database/migrations` }),
  runDatabaseSql: (ids) => ({
    path: `/projects/${ids.projectId}/database/sql`,
    body: { sql: 'select 1 as one' },
  }),
  getProductionBackups: (ids) => ({ path: `/projects/${ids.projectId}/database/backups` }),
  // The project is the gate: a backup id is only looked up in the caller's own project.
  restoreProductionBackup: (ids) => ({
    path: `/projects/${ids.projectId}/database/backups/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/restore`,
  }),
  getProjectDomains: (ids) => ({ path: `/projects/${ids.projectId}/domains` }),
  addProjectDomain: (ids) => ({
    path: `/projects/${ids.projectId}/domains`,
    body: { domain: 'matrix.example.com' },
  }),
  verifyProjectDomain: (ids) => ({
    path: `/projects/${ids.projectId}/domains/verify`,
    body: { domain: 'matrix.example.com' },
  }),
  removeProjectDomain: (ids) => ({
    path: `/projects/${ids.projectId}/domains`,
    body: { domain: 'matrix.example.com' },
  }),
  uploadStaticFiles: (ids) => ({
    path: `/projects/${ids.projectId}/static-files`,
    files: [{ name: 'note.txt', content: 'a note' }],
  }),
  applyVisualEdits: (ids) => ({
    path: `/projects/${ids.projectId}/visual-edits`,
    body: {
      taskId: ids.taskId,
      baseVersionId: ids.versionId,
      edits: [{ selectedLayout: STARTER_HEADING, command: 'UPDATE', newTextContent: 'Edited' }],
    },
  }),
  createTask: (ids) => ({
    path: '/tasks',
    body: { projectId: ids.projectId, description: 'More work', staticFiles: [ids.staticFileId] },
  }),
  getTasks: (ids) => ({ path: '/tasks', query: { projectId: ids.projectId } }),
  getTask: (ids) => ({ path: `/tasks/${ids.taskId}` }),
  pauseTask: (ids) => ({ path: `/tasks/${ids.taskId}/pause` }),
  resumeTask: (ids) => ({ path: `/tasks/${ids.taskId}/resume` }),
  archiveTask: (ids) => ({ path: `/tasks/${ids.taskId}/archive` }),
  unarchiveTask: (ids) => ({ path: `/tasks/${ids.taskId}/unarchive` }),
  getTaskVersions: (ids) => ({ path: `/tasks/${ids.taskId}/versions` }),
  getTaskLogs: (ids) => ({
    path: `/tasks/${ids.taskId}/logs`,
    query: { beforeLogId: ids.logId },
  }),
  sendTaskMessage: (ids) => ({
    path: `/tasks/${ids.taskId}/logs`,
    body: { content: 'Hello', staticFiles: [ids.staticFileId] },
  }),
  revertTask: (ids) => ({
    path: `/tasks/${ids.taskId}/revert`,
    body: { versionId: ids.versionId },
  }),
  runTaskAction: (ids) => ({
    path: `/tasks/${ids.taskId}/action`,
    body: { logId: ids.logId, params: { action: 'CONTINUE' } },
  }),
  rateTask: (ids) => ({
    path: `/tasks/${ids.taskId}/rate`,
    body: { rating: 'POSITIVE', logId: ids.logId, versionId: ids.versionId },
  }),
  streamTaskEvents: (ids) => ({
    path: `/tasks/${ids.taskId}/events`,
    query: { afterLogId: ids.logId },
  }),
  getProjectAssets: (ids) => ({ path: `/projects/${ids.projectId}/assets` }),
  uploadProjectAsset: (ids) => ({
    path: `/projects/${ids.projectId}/assets`,
    files: [{ name: 'matrix-notes.txt', content: 'notes of the matrix' }],
    field: 'file',
  }),
  deleteProjectAsset: (ids) => ({ path: `/projects/${ids.projectId}/assets/${ids.assetId}` }),
  getProjectAssetFile: (ids) => ({
    path: `/projects/${ids.projectId}/assets/${ids.assetId}/file`,
    query: { hash: ids.assetHash, token: ids.assetToken },
  }),
  putProjectThumbnail: (ids) => ({
    path: `/projects/${ids.projectId}/thumbnail`,
    body: { versionId: ids.versionId, image: `data:image/png;base64,${PIXEL_PNG}` },
  }),
  getProjectThumbnail: (ids) => ({ path: `/projects/${ids.projectId}/thumbnail` }),
  getCheckoutSession: (ids) => ({ path: `/billing/checkout/${ids.checkoutId}` }),
  confirmCheckout: (ids) => ({ path: `/billing/checkout/${ids.checkoutId}/confirm` }),
  cancelCheckout: (ids) => ({ path: `/billing/checkout/${ids.checkoutId}/cancel` }),
  updateMcpServer: (ids) => ({
    path: `/mcp/servers/${ids.mcpServerId}`,
    body: { name: 'renamed-by-matrix' },
  }),
  deleteMcpServer: (ids) => ({ path: `/mcp/servers/${ids.mcpServerId}` }),
  refreshMcpServer: (ids) => ({ path: `/mcp/servers/${ids.mcpServerId}/refresh` }),
  getMcpServerAuthorizeUrl: (ids) => ({ path: `/mcp/servers/${ids.mcpServerId}/authorize-url` }),
  setMcpToolPolicy: (ids) => ({
    path: `/mcp/servers/${ids.mcpServerId}/tools/add_note`,
    body: { policy: 'ALWAYS' },
  }),
  getProjectMcp: (ids) => ({ path: `/projects/${ids.projectId}/mcp` }),
  setProjectMcp: (ids) => ({
    path: `/projects/${ids.projectId}/mcp`,
    body: { serverIds: [ids.mcpServerId] },
  }),
  getBlob: (ids) => ({
    path: `/blobs/${ids.blobHash}`,
    query: { type: 'image/png', task: ids.taskId, token: ids.imageToken },
  }),
};

/**
 * The fields of an IdSet each kind of id fills. A log id is a place in a task: it goes with it.
 * Link tokens stay the caller's own: a link is a permission its holder may use.
 */
const FIELDS: Record<IdKind, (keyof IdSet)[]> = {
  project: ['projectId'],
  task: ['taskId', 'logId'],
  version: ['versionId'],
  log: ['logId'],
  blob: ['blobHash'],
  staticFile: ['staticFileId'],
  envKey: ['envKey'],
  deployment: ['deploymentId'],
  asset: ['assetId'],
  checkout: ['checkoutId'],
  mcpServer: ['mcpServerId'],
};

export function idsOf(tenant: Tenant): IdSet {
  const param = (url: string, name: string) =>
    new URL(url, 'http://mason.test').searchParams.get(name) ?? '';
  return {
    projectId: tenant.projectId,
    taskId: tenant.taskId,
    versionId: tenant.versionId,
    logId: tenant.logId,
    blobHash: tenant.blobHash,
    staticFileId: tenant.staticFileId,
    envKey: tenant.envKey,
    deploymentId: tenant.deploymentId,
    assetId: tenant.asset.id,
    checkoutId: tenant.checkoutId,
    mcpServerId: tenant.mcpServerId,
    assetHash: param(tenant.asset.previewUrl, 'hash'),
    imageToken: param(tenant.imageUrl, 'token'),
    codeToken: param(tenant.codeUrl, 'token'),
    assetToken: param(tenant.asset.previewUrl, 'token'),
  };
}

/** Ids that name nothing, of every kind. */
export function idsOfNobody(): IdSet {
  return {
    projectId: randomUUID(),
    taskId: randomUUID(),
    versionId: randomUUID(),
    logId: '987654',
    blobHash: randomBytes(32).toString('hex'),
    staticFileId: randomUUID(),
    envKey: `KEY_OF_NOBODY_${randomBytes(4).toString('hex').toUpperCase()}`,
    deploymentId: randomUUID(),
    assetId: randomUUID(),
    checkoutId: randomUUID(),
    mcpServerId: randomUUID(),
    assetHash: randomBytes(32).toString('hex'),
    imageToken: `9999999999.${randomUUID()}.${randomBytes(32).toString('base64url')}`,
    codeToken: `9999999999.${randomUUID()}.${randomBytes(32).toString('base64url')}`,
    assetToken: `9999999999.${randomUUID()}.${randomBytes(32).toString('base64url')}`,
  };
}

/**
 * Ids of every kind that are not ids at all (`abc`, not a uuid, a log's number or a hash): each
 * must be answered exactly like an id that names nothing, never with a 5xx. An env key is a name
 * the person chooses, not an id of Mason's: it stays a well-formed name.
 */
export function malformedIds(): IdSet {
  return {
    ...idsOfNobody(),
    projectId: 'abc',
    taskId: 'abc',
    versionId: 'abc',
    logId: 'abc',
    blobHash: 'abc',
    staticFileId: 'abc',
    deploymentId: 'abc',
    assetId: 'abc',
    checkoutId: 'abc',
    mcpServerId: 'abc',
  };
}

/** `caller`'s ids with the fields of `kinds` taken from `from`. */
export function swap(caller: IdSet, from: IdSet, kinds: readonly IdKind[]): IdSet {
  const ids = { ...caller };
  for (const kind of kinds) for (const field of FIELDS[kind]) ids[field] = from[field];
  return ids;
}

/** The kinds a call takes, each a swap of its own (a log id rides with its task). */
export function swapsOf(call: CallSpec): IdKind[][] {
  const kinds = [...new Set(Object.values(call.ids ?? {}))].filter((kind) => kind !== 'log');
  return kinds.map((kind) => (kind === 'task' ? ['task', 'log'] : [kind]));
}

/** Every kind of id the matrix sends someone else's of. */
export function kindsCovered(): Set<IdKind> {
  const covered = new Set<IdKind>();
  for (const [name, call] of Object.entries(ApiCalls) as [ApiCallName, CallSpec][]) {
    if (!MATRIX[name]) continue;
    for (const swapped of swapsOf(call)) for (const kind of swapped) covered.add(kind);
  }
  return covered;
}

/**
 * The routes of the API description that take an id (a path parameter, or ids the contract
 * lists) and have no request in the matrix: each is a route nobody checked across tenants.
 */
export function missingFromMatrix(document: OpenApiDocument): string[] {
  return fuzzTargets(document)
    .filter((target) => {
      const call = callOf(target);
      const takesIds = /\{\w+\}/.test(target.path) || Object.keys(call?.ids ?? {}).length > 0;
      if (!takesIds) return false;
      const name = (Object.entries(ApiCalls) as [ApiCallName, CallSpec][]).find(
        ([, entry]) => entry === call,
      )?.[0];
      return !name || !MATRIX[name];
    })
    .map(routeName);
}

export interface MatrixAnswer {
  status: number;
  text: string;
}

/** Sends a matrix request as `token`'s holder (or nobody). */
export async function sendMatrixRequest(
  baseUrl: string,
  call: CallSpec,
  request: MatrixRequest,
  token: string | undefined,
): Promise<MatrixAnswer> {
  const url = new URL(`${baseUrl}/api${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {}))
    url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (request.files) {
    const form = new FormData();
    for (const file of request.files)
      form.append(request.field ?? 'files', new Blob([file.content]), file.name);
    body = form;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const controller = new AbortController();
  const response = await fetch(url, {
    method: call.method,
    headers,
    body,
    signal: controller.signal,
  });
  // An event stream that opened answers only its head: the matrix needs no more.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    controller.abort();
    return { status: response.status, text: '(an event stream)' };
  }
  return { status: response.status, text: await response.text() };
}
