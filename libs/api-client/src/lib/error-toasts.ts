import { ErrorMessages } from '@mason/contract';
import type { ApiError } from './api-error';
import type { ApiEndpointName } from './mason-api';

/**
 * Form calls: their screens show the error inline (message, and fieldErrors under the fields),
 * so the listener does not toast them.
 */
export const INLINE_ERROR_ENDPOINTS: ReadonlySet<ApiEndpointName> = new Set<ApiEndpointName>([
  'login',
  'loginWithGoogle',
  'signup',
  'requestPasswordReset',
  'resetPassword',
  'verifyEmail',
  'resendVerificationEmail',
  'updateCurrentUser',
  'joinWaitlist',
  'applyVisualEdits',
  // "Download code" says why beside the button (useDownloadProjectCode).
  'getProjectCode',
  'changeAppSlug',
  'setEnvVariable',
  'uploadProjectAsset',
  'addProjectDomain',
  // The billing screen's amount forms say why under the amount (fieldErrors included).
  'createCreditsCheckout',
  'createBalanceCheckout',
  // The checkout page is the error: not found, no longer open, or a failure with "Try again".
  'getCheckoutSession',
  'confirmCheckout',
  'cancelCheckout',
  // The GitHub card says why Connect failed beside the button; the callback screen is the error.
  'getGithubAuthorizeUrl',
  'connectGithub',
  // The project Settings' code-hosting section says why beside each control, with "Try again".
  'getGithubRepositories',
  'getProjectCodeHosting',
  'linkProjectRepository',
  'createProjectRepository',
  'unlinkProjectRepository',
  'syncProjectRepository',
  // The conflict dialog says why in place (404: resolved already; 409: look again; 400: the server's words).
  'getProjectCodeHostingConflict',
  'resolveProjectCodeHostingConflict',
  // The project Settings' database section says why in place: a load with "Try again", a
  // refused "Turn on the database" beside the button.
  'getProjectDatabase',
  'enableProjectDatabase',
  // The attach form shows a refusal at its field (a wrong password at the password field, as
  // SPEC.md 8 rethrows it); a refused detach says why beside Detach.
  'attachDatabase',
  'detachDatabase',
  // The Database card says why Connect failed beside the button; the redirect screen is the
  // error; the attach form says why the account's projects could not be listed.
  'getSupabaseAuthorizeUrl',
  'connectSupabase',
  'getSupabaseProjects',
  // The MCP servers screen says why in place: a load with "Try again", a refused server at its
  // field (the 400's fieldErrors), a refused "Authorize" beside the button; the OAuth callback
  // screen is the error. The project Settings' MCP section says why a load failed, in place.
  'getMcpServers',
  'createMcpServer',
  'updateMcpServer',
  'getMcpServerAuthorizeUrl',
  'completeMcpOauth',
  'getProjectMcp',
  // The OpenRouter card says why Connect failed beside the button; the callback screen is the error.
  'getOpenRouterAuthorizeUrl',
  'connectOpenRouter',
  // The workspace's Database view says why in place: a load with "Try again", a refused edit
  // beside its cell, a refused statement under the SQL box (PostgreSQL's words).
  'getDatabaseTables',
  'getDatabaseRows',
  'updateDatabaseRow',
  'getDatabaseUsers',
  'getDatabaseMigrations',
  'runDatabaseSql',
]);

/**
 * Calls whose failure the product shrugs off: the subscription (SPEC.md 8: logged as a warning,
 * yields nothing), the client config (the shell falls back to defaults), logout (the session is
 * cleared locally anyway). The listener logs them as warnings.
 */
export const SILENT_ERROR_ENDPOINTS: ReadonlySet<ApiEndpointName> = new Set<ApiEndpointName>([
  'getActiveSubscription',
  'getClientConfig',
  'logout',
  // A project card's picture is made in the background: a refused one is simply not shown.
  'putProjectThumbnail',
]);

/**
 * The toast an API error raises, or null. Pure. In order:
 * 1. 401 on a /projects path: SPEC.md 8's toast, on every call.
 * 2. any other 401: no toast (the session-ended announcement logs out).
 * 3. Google login 403: SPEC.md 8's toast 'We are not accepting new users...'.
 * 4. sending a message: SPEC.md 8's 'Error sending message' (the usage limit keeps its text).
 * 5. inline and silent calls, and an import's POST /projects (the import form says why under
 *    the address): no toast.
 * 6. everything else: the error's message.
 */
export function toastFor(endpoint: string, error: ApiError, args?: unknown): string | null {
  if (error.kind === 'project-unauthorized') return error.message;
  if (error.kind === 'unauthorized') return null;
  if (endpoint === 'loginWithGoogle') return error.kind === 'signups-closed' ? error.message : null;
  if (endpoint === 'sendTaskMessage')
    return error.kind === 'usage-limit' ? error.message : ErrorMessages.sendMessageFailed;
  const name = endpoint as ApiEndpointName;
  if (INLINE_ERROR_ENDPOINTS.has(name) || SILENT_ERROR_ENDPOINTS.has(name)) return null;
  if (name === 'createProject' && isImport(args)) return null;
  return error.message;
}

/** POST /projects that imports a repository (type EXTERNAL). */
const isImport = (args: unknown): boolean =>
  typeof args === 'object' && args !== null && (args as { type?: unknown }).type === 'EXTERNAL';
