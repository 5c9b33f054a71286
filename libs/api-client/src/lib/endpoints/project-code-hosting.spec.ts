import { waitFor } from '@testing-library/react';
import { setupApiServer } from '../../test-utils/msw';
import { errorHandler, makeApiTestStore, mockEndpoint } from '../../testing';
import { aCodeHostingConflictDetail, aProjectCodeHosting } from '../../testing/fixtures';
import { api } from '../mason-api';

const server = setupApiServer();

const THEIRS = aCodeHostingConflictDetail().theirs;

/** Counts the reads the code-hosting section and the conflict dialog keep open. */
function countReads() {
  const counts = { hosting: 0, conflict: 0 };
  server.use(
    mockEndpoint('getProjectCodeHosting', () => {
      counts.hosting += 1;
      return aProjectCodeHosting();
    }),
    mockEndpoint('getProjectCodeHostingConflict', () => {
      counts.conflict += 1;
      return aCodeHostingConflictDetail();
    }),
  );
  return counts;
}

async function sectionStore() {
  const harness = makeApiTestStore({ token: 'token', pathname: '/projects/project-1' });
  await Promise.all([
    harness.store.dispatch(
      api.endpoints.getProjectCodeHosting.initiate({ projectId: 'project-1' }),
    ),
    harness.store.dispatch(
      api.endpoints.getProjectCodeHostingConflict.initiate({ projectId: 'project-1' }),
    ),
  ]);
  return harness;
}

describe('the code-hosting conflict endpoints', () => {
  it('resolving sends each file’s choice and asks the section and the conflict again', async () => {
    const counts = countReads();
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('resolveProjectCodeHostingConflict', ({ body }) => {
        sent.push(body);
        return aProjectCodeHosting({ merging: { files: ['src/App.tsx'] } });
      }),
    );
    const { store } = await sectionStore();
    expect(counts).toEqual({ hosting: 1, conflict: 1 });

    const answer = await store
      .dispatch(
        api.endpoints.resolveProjectCodeHostingConflict.initiate({
          projectId: 'project-1',
          theirs: THEIRS,
          files: [{ path: 'src/App.tsx', keep: 'ASSISTANT' }],
        }),
      )
      .unwrap();

    expect(answer.merging).toEqual({ files: ['src/App.tsx'] });
    expect(sent).toEqual([{ theirs: THEIRS, files: [{ path: 'src/App.tsx', keep: 'ASSISTANT' }] }]);
    await waitFor(() => expect(counts).toEqual({ hosting: 2, conflict: 2 }));
  });

  it('a refused choice (409) changes nothing: nothing is asked again', async () => {
    const counts = countReads();
    server.use(
      errorHandler('resolveProjectCodeHostingConflict', 409, {
        message: 'GitHub has new commits since you looked.',
      }),
    );
    const { store } = await sectionStore();

    const result = await store.dispatch(
      api.endpoints.resolveProjectCodeHostingConflict.initiate({
        projectId: 'project-1',
        theirs: THEIRS,
        files: [{ path: 'src/App.tsx', keep: 'MASON' }],
      }),
    );

    expect(result.error).toMatchObject({ status: 409 });
    // A refetch would be on its way by now (the invalidation runs as the mutation settles).
    const queries = Object.values(store.getState().api.queries);
    expect(queries.map((entry) => entry?.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(counts).toEqual({ hosting: 1, conflict: 1 });
  });
});
