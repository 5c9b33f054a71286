import { signUp } from '../test-utils/accounts';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import {
  openTaskEvents,
  readyProject,
  sendMessage,
  waitForTask,
  type ReceivedEvent,
} from '../test-utils/task-loop';

/** The task's state a `task` event carries, or null for any other event. */
const stateOf = (event: ReceivedEvent) =>
  event.data.type === 'task' ? event.data.task.state : null;

/**
 * Defect 5.1 of issue 10: a task's event stream that connects, or reconnects, learns the task's
 * current state at once, even when the turn ended while nobody listened.
 */
describe('the task event stream tells the task state on connect', () => {
  const env = useScriptedTestApp();

  it('names the state of a turn that ended before the stream connected in its first event', async () => {
    const { token } = await signUp(env.server);
    const { task } = await readyProject(env.server, env.model, token, 'A tea shop');
    env.model.enqueue({ text: 'Tea it is.' });
    await sendMessage(env.server, token, task.id, { content: 'Sell tea' });
    expect((await waitForTask(env.server, token, task.id)).state).toBe('COMPLETED');

    const stream = await openTaskEvents(env.server.baseUrl, task.id, { token });
    const first = await stream.waitFor(() => true);
    stream.close();
    expect(stateOf(first)).toBe('COMPLETED');
  });

  it('names the state the task reached while the stream was away when it reconnects', async () => {
    const { token } = await signUp(env.server);
    const { task } = await readyProject(env.server, env.model, token, 'A tea shop');
    const before = await openTaskEvents(env.server.baseUrl, task.id, { token });
    env.model.enqueue({ text: ['Tea', ' it', ' is', ' then.'], delayMs: 200 });
    await sendMessage(env.server, token, task.id, { content: 'Sell tea' });
    await before.waitFor((event) => stateOf(event) === 'IN_PROGRESS');
    // The connection drops mid-turn, and comes back (Last-Event-ID) after the turn ended.
    const lastId = before.events.filter((event) => event.id !== null).at(-1)?.id ?? undefined;
    before.close();
    expect((await waitForTask(env.server, token, task.id)).state).toBe('COMPLETED');

    const after = await openTaskEvents(env.server.baseUrl, task.id, { token, lastEventId: lastId });
    const first = await after.waitFor(() => true);
    after.close();
    expect(stateOf(first)).toBe('COMPLETED');
  });
});
