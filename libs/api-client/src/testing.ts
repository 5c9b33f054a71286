// Test helpers of @mason/api-client (entry `@mason/api-client/testing`): MSW handlers built from the
// contract, fixture builders parsed by the contract schemas, and a fresh store per test.
import { loadEnglishMessages } from '@mason/contract';

// The fake server words validation issues as the real one does (English defaults).
loadEnglishMessages();

export {
  aClientConfig,
  aDatabaseAttachment,
  aDeployment,
  aDeploymentResponse,
  aDomain,
  aGithubIntegration,
  aGithubRepository,
  aModelsResponse,
  anActiveSubscriptionResponse,
  anAsset,
  anAuthToken,
  anEnvVariable,
  aProject,
  aProjectFile,
  aProjectStatus,
  aStaticFile,
  aSubscription,
  aTask,
  aTaskLog,
  aTransaction,
  aTransferDestination,
  aUser,
  aVersion,
  FIXTURE_TIME,
  NO_MODEL_SETUP_HINT,
  TEST_TOKEN,
} from './testing/fixtures';
export { FIXTURE_NOW, fixtureTimeAgo, freezeClock } from './testing/clock';
export type { FixtureDuration } from './testing/clock';
export { createApiHandlers, DEFAULT_RESPONDERS } from './testing/default-responders';
export { apiUrl, testBaseUrl } from './testing/api-url';
export {
  apiErrorBody,
  errorHandler,
  mockEndpoint,
  networkErrorHandler,
  pendingHandler,
} from './testing/handlers';
export type { FakeHandlerOptions, FakeRequest, FakeResponder } from './testing/handlers';
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
