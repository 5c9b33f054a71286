import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { scriptedAgent } from './task-loop';
import { startTestApp, type TestApp, type TestConfigOverrides } from './test-app';

/** The servers of one test file; read them inside tests (they start in beforeAll). */
export interface ScriptedTestApp {
  readonly model: ScriptedModelServer;
  readonly server: TestApp;
  /** The port the server listens on (for requests that set their own Host header). */
  readonly port: number;
}

/**
 * A scripted model server and a Mason server whose assistant runs on it, for the tests of one
 * file: started before them, the model's queued replies dropped before each, both closed after.
 */
export function useScriptedTestApp(overrides: TestConfigOverrides = {}): ScriptedTestApp {
  let model: ScriptedModelServer | undefined;
  let server: TestApp | undefined;
  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({ ...overrides, agent: scriptedAgent(model) });
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model?.reset());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test servers start in beforeAll.');
    return value;
  };
  return {
    get model() {
      return started(model);
    },
    get server() {
      return started(server);
    },
    get port() {
      return Number(new URL(started(server).baseUrl).port);
    },
  };
}
