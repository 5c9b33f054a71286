import { screen, waitFor, within } from '@testing-library/react';
import type {
  PauseReason,
  TaskActionKind,
  TaskActionRequest,
  TaskLogAction,
} from '@mason/contract';
import { aTask, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage, aNeedsAttention } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { ProjectWorkspace } from '../project-workspace/project-workspace';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

/** The chat of a task paused for `reason`, its log ending with the request; records the answers. */
function renderRequest(
  reason: PauseReason,
  {
    resolved = false,
    actions,
    answer,
  }: { resolved?: boolean; actions?: TaskLogAction[]; answer?: TaskActionKind } = {},
) {
  const answers: TaskActionRequest[] = [];
  server.use(
    mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS', pauseReason: resolved ? null : reason })),
    mockEndpoint(
      'getTaskLogs',
      aLogPage([
        aTaskLog('USER_MESSAGE', { id: '1' }),
        aNeedsAttention(reason, { id: '2', resolved, actions, answer }),
      ]),
    ),
    mockEndpoint('runTaskAction', ({ body }) => {
      answers.push(body as TaskActionRequest);
      return { task: aTask({ state: 'IN_PROGRESS' }) };
    }),
  );
  return { ...renderChat(<TaskChat taskId="task-1" />), answers };
}

describe('NeedsAttentionCard', () => {
  it('asks for a secret in a hidden field and sends it as PROVIDE_VALUES', async () => {
    const { user, answers } = renderRequest('ENV_VARIABLE');
    const card = await screen.findByRole('region', { name: 'The app needs a secret' });
    expect(within(card).getByText(/Payments need a Stripe secret key/)).toBeInTheDocument();
    const field = within(card).getByLabelText('Stripe secret key');
    expect(field).toHaveAttribute('type', 'password');

    await user.click(within(card).getByRole('button', { name: 'Save the key' }));
    expect(within(card).getByText('Enter the Stripe secret key.')).toBeInTheDocument();
    expect(answers).toEqual([]);

    await user.type(field, 'sk_test_123');
    await user.click(within(card).getByRole('button', { name: 'Save the key' }));
    await waitFor(() =>
      expect(answers).toEqual([
        {
          logId: '2',
          params: { action: 'PROVIDE_VALUES', values: { STRIPE_SECRET_KEY: 'sk_test_123' } },
        },
      ]),
    );
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('asks whether to keep going past the approval threshold: Continue or Stop', async () => {
    const { user, answers } = renderRequest('APPROVAL_THRESHOLD');
    const card = await screen.findByRole('region', { name: 'Keep going?' });

    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(answers.map(({ params }) => params.action)).toEqual(['CONTINUE']));
    await user.click(within(card).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(answers.map(({ params }) => params.action)).toEqual(['CONTINUE', 'REJECT']),
    );
  });

  it('explains commits pushed outside Mason and continues on top of them', async () => {
    const { user, answers } = renderRequest('USER_COMMIT', {
      actions: [{ action: 'CONTINUE', label: 'Continue', fields: [] }],
    });
    const card = await screen.findByRole('region', { name: 'Your commit needs a look' });
    expect(
      within(card).getByText(
        'Continue brings the commits in first. If Mason and GitHub changed the same file, choose which to keep in the project’s code hosting settings; nothing is lost.',
      ),
    ).toBeInTheDocument();
    // Outside a workspace there are no project Settings to open.
    expect(
      within(card).queryByRole('button', { name: 'Open code hosting' }),
    ).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'CONTINUE' } }]));
  });

  it.each([
    ['waiting for Continue', false],
    ['answered', true],
  ])(
    'opens the project Settings from a USER_COMMIT card %s in the workspace, focus back on the card after',
    async (_, resolved) => {
      server.use(
        mockEndpoint(
          'getTask',
          aTask({ state: 'IN_PROGRESS', pauseReason: resolved ? null : 'USER_COMMIT' }),
        ),
        mockEndpoint(
          'getTaskLogs',
          aLogPage([
            aTaskLog('USER_MESSAGE', { id: '1' }),
            aNeedsAttention('USER_COMMIT', { id: '2', resolved }),
          ]),
        ),
      );
      const { user } = renderChat(
        <ProjectWorkspace projectId="project-1" preview={<p>The preview</p>} />,
        { route: '/projects/project-1', path: '/projects/:projectId' },
      );
      const card = await screen.findByRole('region', { name: 'Your commit needs a look' });
      const open = within(card).getByRole('button', { name: 'Open code hosting' });

      await user.click(open);
      const settings = await screen.findByRole('dialog', { name: 'Project settings' });
      await user.click(within(settings).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(open).toHaveFocus();
    },
  );

  it('offers Continue for USER_COMMIT when the entry names no answers', async () => {
    renderRequest('USER_COMMIT');
    const card = await screen.findByRole('region', { name: 'Your commit needs a look' });
    expect(within(card).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it.each([
    ['OPEN_ROUTER_INVALID_KEY', 'OpenRouter refused the API key', /OPENROUTER_API_KEY/],
    ['OPEN_ROUTER_NO_CREDITS', 'OpenRouter is out of credits', /Add credits/],
    ['NO_CREDITS', 'Your plan’s AI budget is used up', /until the limit resets/],
  ] as const)('says what to fix for %s and retries', async (reason, title, hint) => {
    const { user, answers } = renderRequest(reason);
    const card = await screen.findByRole('region', { name: title });
    expect(within(card).getByText(hint)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'RETRY' } }]));
  });

  it('leads to billing from a used-up budget, with the way back to the task', async () => {
    server.use(
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS', pauseReason: 'NO_CREDITS' })),
      mockEndpoint(
        'getTaskLogs',
        aLogPage([
          aTaskLog('USER_MESSAGE', { id: '1' }),
          aNeedsAttention('NO_CREDITS', { id: '2' }),
        ]),
      ),
    );
    const view = renderChat(<TaskChat taskId="task-1" />, {
      route: '/task/task-1',
      path: '/task/:id',
      routes: { '/dashboard/billing': <h1>Billing</h1> },
    });
    const card = await screen.findByRole('region', { name: 'Your plan’s AI budget is used up' });
    expect(within(card).getByText(/goes on from where it stopped/)).toBeInTheDocument();
    const upgrade = within(card).getByRole('link', { name: 'Upgrade' });
    expect(upgrade).toHaveAttribute('href', '/dashboard/billing?returnTo=%2Ftask%2Ftask-1');
    await view.user.click(upgrade);
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
  });

  it('resumes a task the person paused', async () => {
    const resumed = jest.fn(() => ({ task: aTask({ state: 'IN_PROGRESS' }) }));
    server.use(mockEndpoint('resumeTask', resumed));
    const { user } = renderRequest('MANUAL');
    const card = await screen.findByRole('region', { name: 'Paused' });

    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(resumed).toHaveBeenCalled());
  });

  it('says the published build failed, shows its errors, and fixes it with AI', async () => {
    const { user, answers } = renderRequest('FAILED_DEPLOYMENT');
    const card = await screen.findByRole('region', { name: 'The published build failed' });
    expect(within(card).getByText(/Could not resolve "\.\/Toggle"/)).toBeInTheDocument();
    expect(
      within(card).getByText(/keeps serving the version that was live before/),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Fix with AI' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'RETRY' } }]));
  });

  it('resumes the task with “Fix with AI” when a failed publish names no answers', async () => {
    const resumed = jest.fn(() => ({ task: aTask({ state: 'IN_PROGRESS' }) }));
    server.use(mockEndpoint('resumeTask', resumed));
    const { user, answers } = renderRequest('FAILED_DEPLOYMENT', { actions: [] });
    const card = await screen.findByRole('region', { name: 'The published build failed' });

    await user.click(within(card).getByRole('button', { name: 'Fix with AI' }));
    await waitFor(() => expect(resumed).toHaveBeenCalled());
    expect(answers).toEqual([]);
  });

  it('shows an answered request as answered, without its buttons', async () => {
    renderRequest('ENV_VARIABLE', { resolved: true });
    const card = await screen.findByRole('region', { name: 'The app needs a secret' });
    expect(within(card).getByText('Answered')).toBeInTheDocument();
    expect(within(card).getByText('Provided: Stripe secret key.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByLabelText('Stripe secret key')).not.toBeInTheDocument();
  });

  it('asks to approve an MCP tool call: the server, the tool and its arguments as text, and the answers offered', async () => {
    const { user, answers } = renderRequest('MCP_SERVER_USAGE_APPROVAL');
    const card = await screen.findByRole('region', { name: 'The assistant asks to use a tool' });
    expect(
      within(card).getByText('I want to file the bug you described in Linear.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('linear')).toBeInTheDocument();
    expect(within(card).getByText('create_issue')).toBeInTheDocument();
    const args = within(card).getByRole('region', { name: 'Arguments of create_issue' });
    expect(args.tagName).toBe('PRE');
    expect(args.textContent).toBe(
      JSON.stringify(
        {
          title: 'Checkout button does nothing',
          description: '<img src=x onerror="alert(1)"> Clicking **Pay** does nothing on mobile.',
          teamId: 'ENG',
          priority: 2,
        },
        null,
        2,
      ),
    );
    // The markup in the arguments is text, never an element.
    expect(card.querySelector('img')).toBeNull();
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Always allow', 'Deny', 'Never allow']);

    await user.click(within(card).getByRole('button', { name: 'Always allow' }));
    await waitFor(() =>
      expect(answers).toEqual([{ logId: '2', params: { action: 'APPROVE_ALWAYS' } }]),
    );
    await user.click(within(card).getByRole('button', { name: 'Never allow' }));
    await waitFor(() =>
      expect(answers.map(({ params }) => params.action)).toEqual([
        'APPROVE_ALWAYS',
        'REJECT_ALWAYS',
      ]),
    );
  });

  it('offers the answers an approval entry carries, by their labels', async () => {
    const { user, answers } = renderRequest('MCP_SERVER_USAGE_APPROVAL', {
      actions: [
        { action: 'APPROVE', label: 'Run it once', fields: [] },
        { action: 'REJECT', label: 'Skip it', fields: [] },
      ],
    });
    const card = await screen.findByRole('region', { name: 'The assistant asks to use a tool' });
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Run it once', 'Skip it']);
    await user.click(within(card).getByRole('button', { name: 'Skip it' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'REJECT' } }]));
  });

  it.each([
    ['APPROVE', 'Approved: the tool ran once.'],
    ['APPROVE_ALWAYS', 'Always allowed: this tool now runs without asking.'],
    ['REJECT', 'Denied: the tool did not run.'],
    ['REJECT_ALWAYS', 'Never allowed: the assistant is no longer offered this tool.'],
  ] as const)(
    'shows an approval answered %s in words, with the call it was about',
    async (answer, words) => {
      renderRequest('MCP_SERVER_USAGE_APPROVAL', { resolved: true, answer });
      const card = await screen.findByRole('region', { name: 'The assistant asks to use a tool' });
      expect(within(card).getByText('Answered')).toBeInTheDocument();
      expect(within(card).getByText(words)).toBeInTheDocument();
      expect(within(card).getByText('create_issue')).toBeInTheDocument();
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it('says which MCP server cannot be reached, retries, and leads to the MCP settings', async () => {
    const { user, answers } = renderRequest('MCP_SERVER_CONNECTION_ISSUES');
    const card = await screen.findByRole('region', {
      name: 'The MCP server linear cannot be reached',
    });
    expect(within(card).getByText(/the connection timed out after 10 seconds/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'MCP settings' })).toHaveAttribute(
      'href',
      '/dashboard/mcp',
    );
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'RETRY' } }]));
  });

  it('leads to reconnecting OpenRouter when it refused the key', async () => {
    renderRequest('OPEN_ROUTER_INVALID_KEY');
    const card = await screen.findByRole('region', { name: 'OpenRouter refused the API key' });
    expect(within(card).getByText(/connect it again in Integrations/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Reconnect OpenRouter' })).toHaveAttribute(
      'href',
      '/dashboard/integrations',
    );
  });

  it('leads to topping up at OpenRouter, in a new tab, when it is out of credits', async () => {
    renderRequest('OPEN_ROUTER_NO_CREDITS');
    const card = await screen.findByRole('region', { name: 'OpenRouter is out of credits' });
    const topUp = within(card).getByRole('link', { name: 'Top up at OpenRouter' });
    expect(topUp).toHaveAttribute('href', 'https://openrouter.ai/settings/credits');
    expect(topUp).toHaveAttribute('target', '_blank');
    expect(topUp.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('offers the Resume an OpenRouter entry carries', async () => {
    const { user, answers } = renderRequest('OPEN_ROUTER_NO_CREDITS', {
      actions: [{ action: 'RETRY', label: 'Resume', fields: [] }],
    });
    const card = await screen.findByRole('region', { name: 'OpenRouter is out of credits' });
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(answers).toEqual([{ logId: '2', params: { action: 'RETRY' } }]));
  });
});
