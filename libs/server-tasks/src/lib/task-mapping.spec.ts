import type { VersionRow } from '@mason/server-db';
import { logIdOf, toVersion } from './task-mapping';

const preview = {
  url: (projectId: string, index?: number) => `http://p-${projectId}-v${index}.localhost/`,
  signedUrl: (session: { id: string }, projectId: string, index: number) =>
    `http://p-${projectId}-v${index}.localhost/?token=${session.id}`,
};

const row = {
  id: 'version-1',
  projectId: 'project-1',
  taskId: 'task-1',
  logSeq: 7,
  index: 3,
  parentVersionId: null,
  manifest: {},
  summary: 'Added a footer',
  origin: 'ASSISTANT',
  createdAt: new Date('2026-11-24T10:00:00Z'),
} satisfies VersionRow;

describe('toVersion', () => {
  it('gives a reader a preview URL signed for their session', () => {
    expect(toVersion(preview, row, { id: 'session-1' })).toEqual({
      versionId: 'version-1',
      projectId: 'project-1',
      taskId: 'task-1',
      logId: logIdOf(7),
      index: 3,
      previewUrl: 'http://p-project-1-v3.localhost/?token=session-1',
      summary: 'Added a footer',
      origin: 'ASSISTANT',
      createdAt: '2026-11-24T10:00:00.000Z',
    });
  });

  it('without a reader, a link to show (no token)', () => {
    expect(toVersion(preview, { ...row, logSeq: null }, undefined)).toMatchObject({
      logId: null,
      previewUrl: 'http://p-project-1-v3.localhost/',
    });
  });
});
