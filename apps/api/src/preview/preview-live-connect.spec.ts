import type { ProjectPreviewResponse } from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import {
  requestAsHost,
  projectPreview,
  bridgeConfigOf,
  openLiveStream,
} from '../test-utils/preview-host';
import type { TestServer } from '../test-utils/test-app';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { readyProject, sendMessage, waitForTask } from '../test-utils/task-loop';

/**
 * Defect 5.1 of issue 10: a live preview stream that connects, or reconnects, learns the newest
 * version at once, even when it was made while nobody listened.
 */
describe('the preview host: the live stream tells the newest version on connect', () => {
  const env = useScriptedTestApp();

  const fetchAs = async (url: string) => (await requestAsHost(env.port, url)).body;

  const openLive = (preview: ProjectPreviewResponse, buildKey: string) =>
    openLiveStream(env.port, preview, buildKey);

  /** A project whose page shows version 0, and the build key that page shows. */
  async function projectOnScreen(server: TestServer) {
    const { token } = await signUp(server);
    const { project, task } = await readyProject(server, env.model, token, 'A mug shop');
    const preview = await projectPreview(server, token, project.id);
    const page = await fetchAs(preview.url);
    const shown = bridgeConfigOf<{ buildKey: string; versionIndex: number }>(page);
    return { token, task, preview, shown };
  }

  /** Queues a turn that edits the page's heading (a new version), answered slowly when asked. */
  function queueEditingTurn(delayMs = 0) {
    env.model.enqueue(
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: 'Your app starts here',
              new_string: 'Mugs, made by hand',
            },
          },
        ],
      },
      { text: ['The', ' heading', ' is', ' changed.'], delayMs },
    );
  }

  it('names a version made before the stream connected in its first event', async () => {
    const { token, task, preview, shown } = await projectOnScreen(env.server);
    queueEditingTurn();
    expect((await sendMessage(env.server, token, task.id, { content: 'Sell mugs' })).status).toBe(
      201,
    );
    const done = await waitForTask(env.server, token, task.id);
    expect(done.state).toBe('COMPLETED');

    const live = openLive(preview, shown.buildKey);
    const first = await live.first();
    live.close();
    expect(first.index).toBe(shown.versionIndex + 1);
    expect(first.buildKey).not.toBe(shown.buildKey);
  });

  it('names the version made while the stream was away when it reconnects', async () => {
    const { token, task, preview, shown } = await projectOnScreen(env.server);
    const before = openLive(preview, shown.buildKey);
    expect((await before.first()).buildKey).toBe(shown.buildKey);

    queueEditingTurn(200);
    await sendMessage(env.server, token, task.id, { content: 'Sell mugs' });
    await waitForTask(env.server, token, task.id, (now) => now.state === 'IN_PROGRESS');
    // The connection drops mid-turn; the turn ends while nobody listens.
    before.close();
    expect((await waitForTask(env.server, token, task.id)).state).toBe('COMPLETED');

    const after = openLive(preview, shown.buildKey);
    const first = await after.first();
    after.close();
    expect(first.index).toBe(shown.versionIndex + 1);
    expect(first.buildKey).not.toBe(shown.buildKey);
  });
});
