import type { JobQueue } from '@mason/server-jobs';
import { LocalTaskEventBus, projectChannel } from '@mason/server-tasks';
import { pushNewVersions } from './code-hosting';

describe('pushNewVersions', () => {
  it('wakes the git-push queue for the project of each new version, and for nothing else', async () => {
    const bus = new LocalTaskEventBus();
    const woken: string[] = [];
    const pushes: JobQueue = {
      start: async () => undefined,
      close: async () => undefined,
      wake: async (id) => {
        woken.push(id);
      },
    };
    const stop = pushNewVersions(bus, pushes);

    bus.publish(projectChannel('project-1'), { type: 'version', versionId: 'v-2', index: 2 });
    bus.publish(projectChannel('project-1'), { type: 'env' });
    bus.publish('task-1', { type: 'logs', lastSeq: 3 });
    bus.publish('task-1', { type: 'version', versionId: 'v-3', index: 3 });
    bus.publish(projectChannel('project-2'), { type: 'version', versionId: 'v-1', index: 1 });
    expect(woken).toEqual(['project-1', 'project-2']);

    stop();
    bus.publish(projectChannel('project-1'), { type: 'version', versionId: 'v-4', index: 4 });
    expect(woken).toEqual(['project-1', 'project-2']);
    await bus.close();
  });
});
