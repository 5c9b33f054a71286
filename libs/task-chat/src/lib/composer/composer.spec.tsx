import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorMessages, type SendTaskMessageRequest } from '@mason/contract';
import { type PreviewSelection } from '@mason/contract/preview';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { MODEL_STORAGE_KEY } from '@mason/api-client';
import {
  aModelsResponse,
  aStaticFile,
  aTask,
  aTaskLog,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

beforeEach(() => localStorage.clear());

/** Records the messages POST /tasks/:id/logs receives. */
function recordSends() {
  const sent: SendTaskMessageRequest[] = [];
  server.use(
    mockEndpoint('sendTaskMessage', ({ body }) => {
      const message = body as SendTaskMessageRequest;
      sent.push(message);
      return {
        log: aTaskLog('USER_MESSAGE', { id: '4', content: message.content }),
        task: aTask({ state: 'IN_PROGRESS', updatedAt: '2025-01-15T10:05:00.000Z' }),
      };
    }),
  );
  return sent;
}

async function renderComposer() {
  const view = renderChat(<TaskChat taskId="task-1" />);
  const message = await screen.findByLabelText('Message');
  await screen.findByText('Done');
  return { ...view, message, send: () => screen.getByRole('button', { name: 'Send' }) };
}

const nodeFile = (name: string, type: string, bytes = 'content') =>
  new NodeFile([bytes], name, { type }) as unknown as File;

describe('Composer', () => {
  it('sends with Enter, with the stored default model, then empties the box', async () => {
    const sent = recordSends();
    const { user, message } = await renderComposer();

    await user.type(message, '  Make the header blue  {Enter}');

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ content: 'Make the header blue', model: 'CLAUDE_SONNET_4_5' });
    await waitFor(() => expect(message).toHaveValue(''));
  });

  it('adds a line with Shift+Enter instead of sending', async () => {
    const sent = recordSends();
    const { user, message } = await renderComposer();

    await user.type(message, 'First line{Shift>}{Enter}{/Shift}Second line');

    expect(message).toHaveValue('First line\nSecond line');
    expect(sent).toEqual([]);
  });

  it('sends nothing that is empty after trimming', async () => {
    const sent = recordSends();
    const { user, message, send } = await renderComposer();

    await user.type(message, '   {Enter}');

    expect(send()).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('blocks another send while one is on its way', async () => {
    server.use(pendingHandler('sendTaskMessage'));
    const { user, message, send } = await renderComposer();

    await user.type(message, 'Add a footer{Enter}');
    await waitFor(() => expect(send()).toHaveAttribute('aria-disabled', 'true'));
    await user.type(message, '{Enter}');
    expect(screen.getByText('Sending…')).toBeInTheDocument();
  });

  it('blocks sending while the assistant works, and says why', async () => {
    server.use(mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' })));
    const sent = recordSends();
    const { user } = renderChat(<TaskChat taskId="task-1" />);
    const message = await screen.findByLabelText('Message');
    await screen.findByText('Working', { selector: 'span' });

    await user.type(message, 'And a footer{Enter}');

    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(
      screen.getByText('The assistant is working. Wait for it, or pause it.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says "Error sending message" when the send fails, and keeps the text', async () => {
    server.use(errorHandler('sendTaskMessage', 500));
    const { user, message, toasts } = await renderComposer();

    await user.type(message, 'Add a footer{Enter}');

    await waitFor(() =>
      expect(toasts.map(({ message: text }) => text)).toEqual([ErrorMessages.sendMessageFailed]),
    );
    expect(message).toHaveValue('Add a footer');
  });

  it('shows the assistant at work after a send, and scrolls to the newest entry 1.5 s later', async () => {
    recordSends();
    server.use(
      mockEndpoint('getTaskLogs', {
        logs: Array.from({ length: 30 }, (_, index) =>
          aTaskLog('USER_MESSAGE', { id: String(index + 1), content: `Message ${index + 1}` }),
        ),
        hasMoreBefore: false,
        hasMoreAfter: false,
      }),
    );
    const { user, message } = await renderComposer();
    const log = screen.getByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(log.scrollTop).toBeGreaterThan(0));
    log.scrollTo({ top: 0 });

    await user.type(message, 'Add a footer{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The assistant is working…'),
    );
    expect(log.scrollTop).toBe(0);
    await waitFor(() => expect(log.scrollTop).toBeGreaterThan(0));
  });

  it('offers the seven models, disables those the server cannot run, and stores the choice', async () => {
    server.use(
      mockEndpoint('getModels', aModelsResponse({ available: ['CLAUDE_SONNET_4_5', 'GPT_5'] })),
    );
    const sent = recordSends();
    const { user, message } = await renderComposer();
    const picker = screen.getByRole('combobox', { name: 'Model' });

    expect(within(picker).getAllByRole('option')).toHaveLength(7);
    await waitFor(() =>
      expect(
        within(picker).getByRole('option', { name: 'Gemini 2.5 Pro (not set up)' }),
      ).toBeDisabled(),
    );
    await user.selectOptions(picker, 'GPT_5');
    expect(localStorage.getItem(MODEL_STORAGE_KEY)).toBe('GPT_5');

    await user.type(message, 'Use GPT-5{Enter}');
    await waitFor(() => expect(sent[0]?.model).toBe('GPT_5'));
  });

  it('says what to set up when the server can run no model', async () => {
    server.use(mockEndpoint('getModels', aModelsResponse({ available: [] })));
    await renderComposer();
    expect(await screen.findByRole('note')).toHaveTextContent(/No AI model is configured/);
  });

  it('preselects the offline demo when the server has no provider, says so, and never stores it', async () => {
    const sent = recordSends();
    server.use(mockEndpoint('getModels', aModelsResponse({ available: [], demo: true })));
    const { user } = await renderComposer();
    const picker = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(picker).toHaveDisplayValue('Demo (offline)'));
    // A short line; what to set on the server is behind its link.
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      /^Demo \(offline\) builds a small checklist app from your words\. How to use a real model/,
    );
    expect(within(note).queryByText(/No AI model is configured/)).not.toBeVisible();
    await user.click(within(note).getByRole('button', { name: 'How to use a real model' }));
    expect(within(note).getByText(/No AI model is configured/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'A reading list{Enter}');
    await waitFor(() => expect(sent[0]?.model).toBe('DEMO'));
    expect(localStorage.getItem(MODEL_STORAGE_KEY)).toBeNull();
  });

  it('uploads attached files first and sends their ids', async () => {
    const sent = recordSends();
    const uploaded: string[] = [];
    server.use(
      mockEndpoint('uploadStaticFiles', ({ body }) => {
        const files = (body as FormData).getAll('files') as File[];
        uploaded.push(...files.map((file) => file.name));
        return {
          files: files.map((file, index) =>
            aStaticFile({ id: `static-${index + 1}`, fileName: file.name }),
          ),
        };
      }),
    );
    const { user, message } = await renderComposer();

    await user.upload(screen.getByLabelText('Upload files'), nodeFile('brief.md', 'text/markdown'));
    const attachments = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(attachments).getByText('brief.md')).toBeInTheDocument();
    await waitFor(() => expect(uploaded).toEqual(['brief.md']));

    await user.type(message, 'Follow the brief{Enter}');
    await waitFor(() => expect(sent[0]?.staticFiles).toEqual(['static-1']));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument(),
    );
  });

  it('sends attached images inline, and can drop one before sending', async () => {
    const sent = recordSends();
    // jsdom decodes no images: the browser's decoder answers a 10 x 10 bitmap here.
    const original = globalThis.createImageBitmap;
    globalThis.createImageBitmap = (async () => ({
      width: 10,
      height: 10,
      close: () => undefined,
    })) as never;
    try {
      const { user, message } = await renderComposer();
      await user.upload(screen.getByLabelText('Attach images'), [
        nodeFile('logo.png', 'image/png', 'png-bytes'),
        nodeFile('old.png', 'image/png', 'old-bytes'),
      ]);
      await user.click(await screen.findByRole('button', { name: 'Remove old.png' }));

      await user.type(message, 'Use this logo{Enter}');
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]?.images).toEqual([{ mediaType: 'image/png', content: btoa('png-bytes') }]);
    } finally {
      globalThis.createImageBitmap = original;
    }
  });

  it('refuses a file that is not an image where an image is expected, and says why', async () => {
    await renderComposer();
    // A file picker can still hand over any file (e.g. "All files" chosen in the dialog).
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Attach images'), nodeFile('notes.txt', 'text/plain'));
    expect(
      await screen.findByText('notes.txt is not a PNG, JPEG, GIF or WebP image.'),
    ).toBeInTheDocument();
  });
});

describe('Composer in a project workspace (a preview session around it)', () => {
  const picked: PreviewSelection = {
    componentName: 'Hero',
    filePath: 'src/components/Hero.tsx',
    line: 4,
    column: 7,
    filePart: 'src/components/Hero.tsx:4:7',
    page: '/pricing',
    tagName: 'h1',
    className: 'title',
    textContent: 'Mugs',
    style: {},
    instances: 1,
  };

  async function renderInSession() {
    const session = new PreviewSession();
    const view = renderChat(
      <PreviewSessionProvider session={session}>
        <TaskChat taskId="task-1" />
      </PreviewSessionProvider>,
    );
    const message = await screen.findByLabelText('Message');
    await screen.findByText('Done');
    return { ...view, session, message };
  }

  it('turns layout mode on and off, and sends the elements picked in the preview with the message', async () => {
    const sent = recordSends();
    const { user, session, message } = await renderInSession();
    const toggle = screen.getByRole('button', { name: 'Select elements in the preview' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(session.getState().layoutMode).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    act(() => session.select(picked));
    const chips = await screen.findByRole('list', { name: 'Selected elements' });
    expect(within(chips).getByText('Heading in Hero')).toBeInTheDocument();

    await user.type(message, 'Make this bigger{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.selectedComponents).toEqual([
      {
        componentName: 'Hero',
        filePath: 'src/components/Hero.tsx',
        filePart: 'src/components/Hero.tsx:4:7',
        page: '/pricing',
        line: 4,
        column: 7,
      },
    ]);
    // SPEC.md 4: sending turns layout mode off and resets visual edits.
    await waitFor(() =>
      expect(session.getState()).toMatchObject({
        layoutMode: false,
        attachedComponents: [],
        pendingEdits: [],
      }),
    );
    expect(screen.queryByRole('list', { name: 'Selected elements' })).not.toBeInTheDocument();
  });

  it('sends the page the preview shows with the message (currentPage)', async () => {
    const sent = recordSends();
    const { user, session, message } = await renderInSession();
    act(() => session.setCurrentPage('/pricing?plan=pro'));

    await user.type(message, 'Make this page calmer{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      content: 'Make this page calmer',
      currentPage: '/pricing?plan=pro',
    });
  });

  it('sends the page the preview shows with what the preview asks for', async () => {
    const sent = recordSends();
    const { session } = await renderInSession();
    act(() => session.setCurrentPage('/about'));
    act(() =>
      session.requestChatMessage('Fix these errors from the preview:\n\n1. Uncaught error: boom'),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.currentPage).toBe('/about');
  });

  it('sends what the preview asks for ("fix with AI") at once when the chat can send', async () => {
    const sent = recordSends();
    const { session } = await renderInSession();
    act(() =>
      session.requestChatMessage('Fix these errors from the preview:\n\nTypeError: x is undefined'),
    );
    await waitFor(() =>
      expect(sent.map((message) => message.content)).toEqual([
        'Fix these errors from the preview:\n\nTypeError: x is undefined',
      ]),
    );
    expect(session.getState().chatRequests).toEqual([]);
  });

  it('puts a drafted request in the box, focused, for the person to finish, and sends nothing', async () => {
    const sent = recordSends();
    const { session, message } = await renderInSession();
    const draft = 'Change the text of Heading in Hero (src/components/Hero.tsx:12) to: ';
    act(() => session.requestChatMessage(draft, { draft: true }));

    await waitFor(() => expect(message).toHaveValue(draft));
    expect(message).toHaveFocus();
    expect((message as HTMLTextAreaElement).selectionStart).toBe(draft.length);
    expect(session.getState().chatRequests).toEqual([]);
    expect(sent).toEqual([]);
  });
});
