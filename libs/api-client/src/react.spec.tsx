import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { api, createApiClient, useGetProjectsQuery, useSendTaskMessageMutation } from './index';
import { aProject, errorHandler, makeApiTestStore, testBaseUrl } from './testing';
import { setupApiServer } from './test-utils/msw';

const server = setupApiServer();

describe('the React hooks', () => {
  it('load a query into a component', async () => {
    const { store } = makeApiTestStore({ token: 'token' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );

    const { result } = renderHook(() => useGetProjectsQuery(), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ projects: [aProject()] });
  });

  it('run a mutation and refresh what it invalidates', async () => {
    const { store } = makeApiTestStore({ token: 'token', pathname: '/projects/project-1' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );

    const { result } = renderHook(() => useSendTaskMessageMutation(), { wrapper });
    let answer: unknown;
    await act(async () => {
      answer = await result.current[0]({ taskId: 'task-1', content: 'Add a footer' }).unwrap();
    });

    expect(answer).toMatchObject({
      log: { type: 'USER_MESSAGE', content: 'Add a footer' },
      task: { state: 'IN_PROGRESS' },
    });
  });
});

describe('the default notifier', () => {
  it('shows the toast through notistack when the app registers no notifier', async () => {
    server.use(errorHandler('getProjects', 500));
    const client = createApiClient({ baseUrl: testBaseUrl(), getToken: () => 'token' });
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefaultMiddleware) =>
        getDefaultMiddleware({ thunk: { extraArgument: client.extraArgument } }).concat(
          client.middleware,
        ),
    });
    render(<SnackbarProvider />);

    await act(async () => {
      await store.dispatch(api.endpoints.getProjects.initiate());
    });

    expect((await screen.findByText('Unknown server error')).textContent).toBe(
      'Unknown server error',
    );
  });
});
