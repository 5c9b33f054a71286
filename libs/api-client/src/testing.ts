// Test helpers of @mason/api-client (entry `@mason/api-client/testing`): MSW handlers built from the
// contract, fixture builders parsed by the contract schemas, and a fresh store per test.
import { loadEnglishMessages } from '@mason/contract';

// The fake server words validation issues as the real one does (English defaults).
loadEnglishMessages();

export {
  aBillingSummary,
  aCheckoutDecision,
  aCheckoutSession,
  aClientConfig,
  aDatabaseAttachment,
  anAttachedDatabase,
  aDatabaseMigration,
  aBackupBeforeRestore,
  aProductionBackup,
  aDatabaseSqlResponse,
  aDatabaseTable,
  aDatabaseUser,
  DATABASE_NOTES,
  DATABASE_USERS,
  databaseRowsPage,
  aDeployment,
  aDeploymentResponse,
  aDomain,
  aGithubIntegration,
  aGithubRepository,
  aSupabaseProject,
  anMcpServer,
  anMcpTool,
  anOpenRouterIntegration,
  MCP_AUTHORIZE_URL,
  MCP_TOOLS,
  OPEN_ROUTER_AUTHORIZE_URL,
  aModelsResponse,
  anActiveSubscriptionResponse,
  anAsset,
  anAuthToken,
  anEnvVariable,
  aProject,
  aProjectDatabase,
  aProjectFile,
  aProjectStatus,
  aRewardsResponse,
  aStaticFile,
  aSubscription,
  aTask,
  aTaskLog,
  aTransaction,
  aTransferDestination,
  aUser,
  aVersion,
  FIXTURE_TIME,
  FIXTURE_USAGE_RESETS_AT,
  NO_MODEL_SETUP_HINT,
  TEST_TOKEN,
} from './testing/fixtures';
export { FIXTURE_NOW, fixtureTimeAgo, freezeClock } from './testing/clock';
export type { FixtureDuration } from './testing/clock';
export { createApiHandlers, DEFAULT_RESPONDERS } from './testing/default-responders';
export { BILLING_RESPONDERS } from './testing/billing-responders';
export { apiUrl, testBaseUrl } from './testing/api-url';
export {
  apiErrorBody,
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from './testing/handlers';
export type { FakeHandlerOptions, FakeRequest, FakeResponder } from './testing/handlers';
export { projectThumbnailHandler, TEST_THUMBNAIL_PNG } from './testing/thumbnail-handler';
export type { ThumbnailHandlerOptions } from './testing/thumbnail-handler';
export {
  createTaskEventStream,
  serializeTaskEvent,
  taskEventsHandler,
} from './testing/task-events-handler';
export type {
  TaskEventsHandlerOptions,
  TaskEventStep,
  TaskEventStreamFake,
} from './testing/task-events-handler';
export { makeApiTestStore } from './testing/test-store';
export type {
  ApiTestReduxStore,
  ApiTestState,
  ApiTestStore,
  ApiTestStoreOptions,
  RecordedToast,
  RecordedWarning,
} from './testing/test-store';
export { recordBrowserDownloads } from './testing/browser-downloads';
export type { BrowserDownloads, RecordedDownload } from './testing/browser-downloads';
