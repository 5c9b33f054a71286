import { screen, waitFor } from '@testing-library/react';
import type { CreateProjectRequest } from '@mason/contract';
import { aModelsResponse, DEFAULT_RESPONDERS, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderProjects } from '../test-utils/render-projects';
import { NewProjectScreen } from './new-project-screen';
import { useProjectModel } from './use-project-model';

const server = setupApiServer();

/** The hook's model, and a way to ask GET /models again (as "Check again" does). */
function Probe() {
  const { model, modelsQuery } = useProjectModel();
  return (
    <>
      <output aria-label="Model">{model}</output>
      <button type="button" onClick={() => void modelsQuery.refetch()}>
        Ask again
      </button>
    </>
  );
}

/** POST /projects answered as the server would, each body it was sent kept in `sent`. */
const recordingCreateProject = (sent: CreateProjectRequest[]) =>
  mockEndpoint('createProject', (request) => {
    sent.push(request.body as CreateProjectRequest);
    return DEFAULT_RESPONDERS.createProject(request);
  });

/** The new-project form, with the workspace it opens once the project is made. */
const renderNewProjectScreen = () =>
  renderProjects(<NewProjectScreen />, {
    route: '/dashboard/projects/new',
    path: '/dashboard/projects/new',
    routes: { '/projects/:projectId': <h1>Project workspace</h1> },
  });

// SPEC.md 4 and issue 33, section 6: the model defaults to CLAUDE_SONNET_4_5 whenever the
// server can run it; only when it cannot is what can run preselected, and never stored.
describe('the model of a new project', () => {
  beforeEach(() => localStorage.clear());

  it('preselects what runs while Sonnet cannot, and goes back to Sonnet once it can: the preselection is never the person’s choice', async () => {
    server.use(mockEndpoint('getModels', aModelsResponse({ available: ['GPT_5'] })));
    const view = renderProjects(<Probe />);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Model' })).toHaveTextContent('GPT_5'),
    );
    expect(localStorage.getItem('mason.model')).toBeNull();

    // The server now runs Sonnet (restarted with its key): the default again.
    server.use(mockEndpoint('getModels', aModelsResponse()));
    await view.user.click(screen.getByRole('button', { name: 'Ask again' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Model' })).toHaveTextContent('CLAUDE_SONNET_4_5'),
    );
    expect(localStorage.getItem('mason.model')).toBeNull();
  });

  it('on a server that runs only the operator’s model: preselected by its id and sent, not stored', async () => {
    const sent: CreateProjectRequest[] = [];
    server.use(
      mockEndpoint('getModels', aModelsResponse({ available: [], endpoint: 'qwen2.5-coder' })),
      recordingCreateProject(sent),
    );
    const view = renderNewProjectScreen();
    const picker = await screen.findByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(picker).toHaveDisplayValue('qwen2.5-coder (your endpoint)'));
    expect(screen.getByRole('option', { name: 'Claude Sonnet 4.5 (not set up)' })).toBeDisabled();
    // It says it stands in for the default, rather than that it is kept.
    expect(picker).toHaveAccessibleDescription(
      'Preselected: Claude Sonnet 4.5 does not run on this server. A model you pick is kept for your next project and chat on this browser.',
    );

    await view.user.type(
      screen.getByRole('textbox', { name: 'Describe the app you want' }),
      'A habit tracker',
    );
    await view.user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByRole('heading', { name: 'Project workspace' });
    expect(sent.map((body) => body.model)).toEqual(['ENDPOINT']);
    expect(localStorage.getItem('mason.model')).toBeNull();
  });

  it('Create pressed before the server said which models run waits for that answer, and sends the model that runs (the demo on a server with no key)', async () => {
    const sent: CreateProjectRequest[] = [];
    let answerModels: (() => void) | undefined;
    const modelsAnswered = new Promise<void>((resolve) => (answerModels = resolve));
    server.use(
      mockEndpoint('getModels', async () => {
        await modelsAnswered;
        return aModelsResponse({ available: [], demo: true });
      }),
      recordingCreateProject(sent),
    );
    const view = renderNewProjectScreen();
    await screen.findByText('Checking which models this server can run…');
    await view.user.type(
      screen.getByRole('textbox', { name: 'Describe the app you want' }),
      'A habit tracker',
    );
    await view.user.click(screen.getByRole('button', { name: 'Create project' }));
    // Nothing is sent with the stored choice (Sonnet) while the list is still loading; the
    // form says it is on its way, and a second press makes no second project.
    expect(await screen.findByRole('button', { name: 'Creating project…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(sent).toEqual([]);

    answerModels?.();
    await screen.findByRole('heading', { name: 'Project workspace' });
    expect(sent.map((body) => body.model)).toEqual(['DEMO']);
    expect(localStorage.getItem('mason.model')).toBeNull();
  });
});
