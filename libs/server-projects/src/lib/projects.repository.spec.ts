import { projectStatus, type ProjectExtras } from './projects.repository';

const idle: ProjectExtras = {
  latestVersionId: 'v1',
  firstTaskId: 't1',
  activeTaskId: null,
  newestTaskState: 'COMPLETED',
  liveSlug: null,
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
