import { projectStatus, toProject, type ProjectExtras } from './projects.repository';
import type { ProjectRow } from '@mason/server-db';

const idle: ProjectExtras = {
  latestVersionId: 'v1',
  firstTaskId: 't1',
  activeTaskId: null,
  newestTaskState: 'COMPLETED',
  newestTaskUnchanged: false,
  liveSlug: null,
  lastChange: null,
  thumbnailVersionId: null,
  databaseSummary: null,
};

describe('projectStatus', () => {
  it('is BUILDING while the assistant works on it', () => {
    expect(projectStatus({ ...idle, activeTaskId: 't1', newestTaskState: 'IN_PROGRESS' })).toBe(
      'BUILDING',
    );
  });

  it('is FAILED when the newest task failed and nothing works on it', () => {
    expect(projectStatus({ ...idle, newestTaskState: 'FAILED' })).toBe('FAILED');
  });

  it('is READY otherwise', () => {
    expect(projectStatus(idle)).toBe('READY');
    expect(projectStatus({ ...idle, newestTaskState: null })).toBe('READY');
  });
});

describe('toProject', () => {
  const row = {
    id: 'p1',
    name: 'Counter',
    description: 'A counter',
    type: 'INTERNAL',
    repositoryId: null,
    branch: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  } as ProjectRow;
  const urls = { preview: () => 'http://preview.test/', app: () => 'http://app.test/' };

  it('says "no changes" only when the project is ready and its newest turn changed nothing', () => {
    expect(toProject(row, { ...idle, newestTaskUnchanged: true }, urls).noChanges).toBe(true);
    expect(toProject(row, idle, urls).noChanges).toBe(false);
    expect(
      toProject(row, { ...idle, newestTaskUnchanged: true, activeTaskId: 't1' }, urls).noChanges,
    ).toBe(false);
  });

  it('shows the newest change past the starter: its summary and when', () => {
    const extras = {
      ...idle,
      lastChange: JSON.stringify({ summary: 'Added a chart', at: '2025-01-15T10:00:00.5+00:00' }),
    };
    expect(toProject(row, extras, urls).lastChange).toEqual({
      summary: 'Added a chart',
      at: '2025-01-15T10:00:00.500Z',
    });
    expect(toProject(row, idle, urls).lastChange).toBeNull();
  });
});
