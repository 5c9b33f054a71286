import { screen, waitFor } from '@testing-library/react';
import type { CreateProjectRequest } from '@mason/contract';
import { aModelsResponse, aProject, aTask, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { EXAMPLE_PROMPTS, PromptBox } from './prompt-box';

const server = setupApiServer();

function renderPrompt() {
  return renderProjects(<PromptBox />, {
    route: '/dashboard/projects',
    path: '/dashboard/projects',
    routes: { '/projects/:projectId': <h1>Project workspace</h1> },
  });
}

function recordCreates() {
  const sent: CreateProjectRequest[] = [];
  server.use(
    mockEndpoint('createProject', ({ body }) => {
      sent.push(body as CreateProjectRequest);
      return {
        project: aProject({ id: 'project-2' }),
        firstTask: aTask({ projectId: 'project-2' }),
      };
    }),
  );
  return sent;
}

describe('PromptBox', () => {
  it('builds the described app on Enter, with the chosen model, and opens its workspace', async () => {
    const sent = recordCreates();
    const { user } = renderPrompt();
    const prompt = screen.getByRole('textbox', { name: 'Describe the app you want' });
    await user.type(prompt, 'A recipe box{Shift>}{Enter}{/Shift}with tags{Enter}');

    expect(await screen.findByRole('heading', { name: 'Project workspace' })).toBeInTheDocument();
    expect(sent).toEqual([{ description: 'A recipe box\nwith tags', model: 'CLAUDE_SONNET_4_5' }]);
  });

  it('says what is missing instead of sending an empty description', async () => {
    const sent = recordCreates();
    const { user } = renderPrompt();
    await user.type(screen.getByRole('textbox', { name: 'Describe the app you want' }), '{Enter}');
    expect(await screen.findByText('Describe what to build.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('puts an example in the box, and the demo model is used when the server has no provider', async () => {
    server.use(mockEndpoint('getModels', aModelsResponse({ available: [], demo: true })));
    const sent = recordCreates();
    const { user } = renderPrompt();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('Demo (offline)'),
    );
    await user.click(screen.getByRole('button', { name: EXAMPLE_PROMPTS[2] }));
    expect(screen.getByRole('textbox', { name: 'Describe the app you want' })).toHaveValue(
      EXAMPLE_PROMPTS[2],
    );
    await user.click(screen.getByRole('button', { name: 'Build it' }));
    await waitFor(() => expect(sent).toEqual([{ description: EXAMPLE_PROMPTS[2], model: 'DEMO' }]));
  });
});
