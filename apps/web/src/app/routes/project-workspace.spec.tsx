import { act, screen, waitFor, within } from '@testing-library/react';
import { type SendTaskMessageRequest } from '@mason/contract';
import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract/preview';
import {
  aDeploymentResponse,
  aTask,
  aTaskLog,
  createTaskEventStream,
  mockEndpoint,
} from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { sessionSlice } from '@mason/auth';
import ProjectWorkspaceRoute from './project-workspace';

const server = setupApiServer();

// The preview of project-1 as api-client's handlers serve it (GET /projects/:id/preview).
const PREVIEW_ORIGIN = 'http://p-project-1.localhost:4200';

/** The bridge inside the frame reports to Mason's window, from the preview's origin. */
function bridgeSays(frame: HTMLIFrameElement, body: Record<string, unknown>) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: PREVIEW_BRIDGE_CHANNEL, ...body },
        origin: PREVIEW_ORIGIN,
        source: frame.contentWindow,
      }),
    );
  });
}

/** Records the messages POST /tasks/:id/logs receives. */
function recordSends() {
  const sent: SendTaskMessageRequest[] = [];
  server.use(
    mockEndpoint('sendTaskMessage', ({ body }) => {
      const message = body as SendTaskMessageRequest;
      sent.push(message);
      return {
        log: aTaskLog('USER_MESSAGE', { id: '4', content: message.content }),
        task: aTask({ state: 'IN_PROGRESS' }),
      };
    }),
  );
  return sent;
}

/** The workspace route as the app renders it (the bar's account menu reads the session). */
const renderRoute = () =>
  renderWithProviders(<ProjectWorkspaceRoute />, {
    route: '/projects/project-1',
    path: '/projects/:projectId',
    reducers: { [sessionSlice.reducerPath]: sessionSlice.reducer },
  });

describe('/projects/:projectId', () => {
  it('puts Publish in the bar, which offers to update the app once the assistant makes a newer version', async () => {
    const stream = createTaskEventStream();
    let latestVersionIndex = 1;
    server.use(
      stream.handler,
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' })),
      mockEndpoint('getDeployment', () => aDeploymentResponse({ latestVersionIndex })),
    );
    renderRoute();
    expect(await screen.findByRole('button', { name: 'Published' })).toBeInTheDocument();
    await stream.connected();

    latestVersionIndex = 2;
    act(() =>
      stream.log(
        aTaskLog('VERSION', {
          id: '9',
          content: 'Added a footer',
          payload: {
            versionId: 'version-2',
            index: 2,
            previewUrl: 'http://project-1.localhost:4200/?version=2',
          },
        }),
      ),
    );
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('sends the page the preview shows with a message from the chat (currentPage)', async () => {
    const sent = recordSends();
    const { user } = renderRoute();
    const frame = (await screen.findByTitle('App preview')) as HTMLIFrameElement;
    bridgeSays(frame, {
      type: 'ready',
      url: '/?mason_preview=test',
      versionIndex: 1,
      versionId: null,
    });
    bridgeSays(frame, { type: 'url', kind: 'push', url: '/todos?done=1' });
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('/todos?done=1');

    const composer = await screen.findByRole('form', { name: 'Message the assistant' });
    await user.type(within(composer).getByLabelText('Message'), 'Sort the done ones by date');
    const send = within(composer).getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      content: 'Sort the done ones by date',
      currentPage: '/todos?done=1',
    });
  });
});
