import type {
  Asset,
  CheckoutResponse,
  CreateProjectResponse,
  Deployment,
  McpServerResponse,
  ProjectCodeResponse,
  ProjectPreviewResponse,
  TaskLogsResponse,
} from '@mason/contract';
import { signUp } from '../accounts';
import { pngOfSize } from '../images';

let images = 0;
const uniqueImage = () => pngOfSize(2 + (images++ % 500), 1 + Math.floor(Math.random() * 500));
import { uploadAsset, uploadStaticFiles, withFirstTask } from '../task-loop';
import type { TestServer } from '../test-app';

/** A person with one of every kind of thing Mason keeps for them, and their ids. */
export interface Tenant {
  email: string;
  password: string;
  token: string;
  /** A marker in their project's name, description and messages: it never shows to others. */
  secret: string;
  projectId: string;
  taskId: string;
  versionId: string;
  staticFileId: string;
  envKey: string;
  /** A publish of their project (queued: the matrix's server builds nothing). */
  deploymentId: string;
  /** The id of the first entry of the task's log (its description with an image). */
  logId: string;
  /** The sha256 of the image attached to the first message. */
  blobHash: string;
  /** The link to that image the log gave them. */
  imageUrl: string;
  /** The link to a zip of their project's code (GET /projects/:id/code). */
  codeUrl: string;
  /** Their project's preview (GET /projects/:id/preview): its signed URL and newest version. */
  preview: ProjectPreviewResponse;
  /** An asset of their project (an image in public/), with its signed thumbnail link. */
  asset: Asset;
  /** A checkout of the PRO plan they started and left open (the embedded provider's). */
  checkoutId: string;
  /** An MCP server they added (its header's value is their secret), allowed in their project. */
  mcpServerId: string;
}

export interface TenantOptions {
  /** A real MCP server (server-mcp's test server) the tenant adds; the app allows loopback. */
  mcpUrl: string;
}

/**
 * Signs a person up and gives them a project (from a description with an image), its first task
 * and version, an uploaded file, an environment variable, an asset and an MCP server.
 */
export async function createTenant(
  server: TestServer,
  label: string,
  options: TenantOptions,
): Promise<Tenant> {
  const secret = `secret-of-${label}-${Math.random().toString(36).slice(2, 10)}`;
  const person = await signUp(server);
  const created = await server.request<CreateProjectResponse>('POST', '/api/projects', {
    token: person.token,
    body: {
      description: `The private app of ${secret}`,
      name: `Project ${secret}`,
      // An image of its own: two tenants never share a blob by chance.
      images: [{ mediaType: 'image/png', content: uniqueImage().toString('base64') }],
    },
  });
  if (created.status !== 201)
    throw new Error(`project: ${created.status} ${JSON.stringify(created.body)}`);
  const { project, firstTask } = withFirstTask(created.body);
  const uploaded = await uploadStaticFiles(server, person.token, project.id, [
    { name: `${secret}.txt`, content: `the notes of ${secret}` },
  ]);
  const staticFileId = uploaded.body.files?.[0]?.id;
  if (!staticFileId) throw new Error(`upload: ${uploaded.status}`);
  const envKey = `KEY_${label.toUpperCase()}`;
  const env = await server.request('POST', `/api/projects/${project.id}/env`, {
    token: person.token,
    body: { key: envKey, value: secret },
  });
  if (env.status !== 200) throw new Error(`env: ${env.status}`);
  const logs = await server.request<TaskLogsResponse>('GET', `/api/tasks/${firstTask.id}/logs`, {
    token: person.token,
  });
  const first = logs.body.logs.find((log) => log.type === 'USER_MESSAGE');
  const image = first?.type === 'USER_MESSAGE' ? first.payload.images[0] : undefined;
  if (!first || !image || !project.latestVersionId)
    throw new Error('The project has no first message or version.');
  const code = await server.request<ProjectCodeResponse>(
    'GET',
    `/api/projects/${project.id}/code`,
    {
      token: person.token,
    },
  );
  const preview = await server.request<ProjectPreviewResponse>(
    'GET',
    `/api/projects/${project.id}/preview`,
    { token: person.token },
  );
  if (preview.status !== 200) throw new Error(`preview: ${preview.status}`);
  const deployment = await server.request<Deployment>(
    'POST',
    `/api/projects/${project.id}/deployment`,
    { token: person.token, body: {} },
  );
  if (deployment.status !== 201) throw new Error(`deployment: ${deployment.status}`);
  // An asset of its own content and name (its previewUrl is the tenant's thumbnail link), last:
  // its version comes after the one the code link and the preview above were made for.
  const asset = await uploadAsset(server, person.token, project.id, {
    name: `${secret}.png`,
    content: new Uint8Array(uniqueImage()),
  });
  if (asset.status !== 201) throw new Error(`asset: ${asset.status}`);
  const checkout = await server.request<CheckoutResponse>('POST', '/api/stripe/checkout', {
    token: person.token,
    body: { type: 'PRO' },
  });
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status}`);
  const checkoutId = new URL(checkout.body.checkoutUrl).pathname.split('/').pop() ?? '';
  const mcp = await server.request<McpServerResponse>('POST', '/api/mcp/servers', {
    token: person.token,
    body: {
      name: `tools-${label}`,
      url: options.mcpUrl,
      headers: [{ name: 'X-Secret', value: secret }],
    },
  });
  if (mcp.status !== 201) throw new Error(`mcp server: ${mcp.status} ${JSON.stringify(mcp.body)}`);
  const allowed = await server.request('PUT', `/api/projects/${project.id}/mcp`, {
    token: person.token,
    body: { serverIds: [mcp.body.server.id] },
  });
  if (allowed.status !== 200) throw new Error(`project mcp: ${allowed.status}`);
  return {
    email: person.email,
    password: person.password,
    token: person.token,
    secret,
    projectId: project.id,
    taskId: firstTask.id,
    versionId: project.latestVersionId,
    staticFileId,
    envKey,
    deploymentId: deployment.body.id,
    logId: first.id,
    blobHash: /\/blobs\/([0-9a-f]{64})/.exec(image.url)?.[1] ?? '',
    imageUrl: image.url,
    codeUrl: code.body.downloadUrl,
    preview: preview.body,
    asset: asset.body,
    checkoutId,
    mcpServerId: mcp.body.server.id,
  };
}
