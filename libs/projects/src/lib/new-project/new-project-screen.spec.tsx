import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateProjectRequest, ImageMediaType } from '@mason/contract';
import {
  aModelsResponse,
  apiErrorBody,
  errorHandler,
  mockEndpoint,
  NO_MODEL_SETUP_HINT,
  pendingHandler,
} from '@mason/api-client/testing';
import { isResizableImage, resizeImageFile, type PreparedImage } from '@mason/ui-kit';
import { setupApiServer } from '@mason/web-testing';
import { HttpResponse } from 'msw';
import { renderProjects } from '../test-utils/render-projects';
import { NewProjectScreen } from './new-project-screen';

const server = setupApiServer();

/** jsdom decodes no images: a good image becomes its bytes as base64; anything else is refused as in the browser. */
const prepareImage = async (file: File): Promise<PreparedImage> => {
  if (!isResizableImage(file)) return resizeImageFile(file);
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
  return {
    image: {
      mediaType: file.type as ImageMediaType,
      content: Buffer.from(bytes).toString('base64'),
    },
    note: null,
  };
};

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

function renderNewProject() {
  return renderProjects(<NewProjectScreen prepareImage={prepareImage} />, {
    route: '/dashboard/projects/new',
    path: '/dashboard/projects/new',
    routes: { '/projects/:projectId': <h1>Project workspace</h1> },
  });
}

/** Records the bodies POST /projects receives, answering with the default fake. */
function recordCreates() {
  const sent: CreateProjectRequest[] = [];
  server.use(
    mockEndpoint('createProject', ({ body }) => {
      sent.push(body as CreateProjectRequest);
      const request = body as CreateProjectRequest;
      return {
        project: {
          id: 'project-2',
          name: request.name ?? 'Habit tracker',
          description: request.description ?? '',
          type: 'INTERNAL',
          status: 'CREATING',
          repositoryId: null,
          branch: null,
          previewUrl: null,
          latestVersionId: null,
          firstTaskId: 'task-2',
          database: null,
          createdAt: '2025-01-15T10:00:00.000Z',
          updatedAt: '2025-01-15T10:00:00.000Z',
        },
        firstTask: {
          id: 'task-2',
          projectId: 'project-2',
          description: request.description ?? '',
          state: 'PENDING',
          pauseReason: null,
          model: request.model ?? 'CLAUDE_SONNET_4_5',
          branch: null,
          repositoryId: null,
          additionalInstructions: null,
          latestVersionId: null,
          createdAt: '2025-01-15T10:00:00.000Z',
          updatedAt: '2025-01-15T10:00:00.000Z',
        },
      };
    }),
  );
  return sent;
}

const description = () => screen.getByRole('textbox', { name: 'Describe the app you want' });
const modelSelect = () => screen.getByRole('combobox', { name: 'Model' });

beforeEach(() => localStorage.clear());

describe('NewProjectScreen', () => {
  it('creates the project from the description and opens its workspace', async () => {
    const sent = recordCreates();
    const view = renderNewProject();

    await view.user.type(description(), '  A habit tracker with streaks  ');
    await view.user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByRole('heading', { name: 'Project workspace' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/projects/project-2');
    expect(sent).toEqual([
      { description: 'A habit tracker with streaks', model: 'CLAUDE_SONNET_4_5' },
    ]);
  });

  it('keeps the demo model’s notice short: what to set on the server is behind a link', async () => {
    server.use(mockEndpoint('getModels', aModelsResponse({ available: [], demo: true })));
    const user = userEvent.setup();
    renderNewProject();
    expect(await screen.findByText('Demo (offline): no AI provider is set up')).toBeVisible();
    expect(screen.getByText(/It builds a small checklist app, free\./)).toBeVisible();
    expect(screen.getByText(NO_MODEL_SETUP_HINT)).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'How to use a real model' }));
    expect(screen.getByText(NO_MODEL_SETUP_HINT)).toBeVisible();
  });

  it('sends the name when the person gives one', async () => {
    const sent = recordCreates();
    const view = renderNewProject();
    await view.user.type(description(), 'A shop for mugs');
    await view.user.type(screen.getByRole('textbox', { name: /Project name/ }), 'Mug shop');
    await view.user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByRole('heading', { name: 'Project workspace' });
    expect(sent[0]).toMatchObject({ description: 'A shop for mugs', name: 'Mug shop' });
  });

  it('asks for a description before sending anything', async () => {
    const sent = recordCreates();
    const view = renderNewProject();

    await view.user.type(description(), '   ');
    await view.user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Describe what to build.')).toBeInTheDocument();
    expect(description()).toHaveAttribute('aria-invalid', 'true');
    expect(description()).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('creates the project with Ctrl+Enter from the description', async () => {
    const sent = recordCreates();
    const view = renderNewProject();
    await view.user.type(description(), 'A recipe book{Control>}{Enter}{/Control}');
    await screen.findByRole('heading', { name: 'Project workspace' });
    expect(sent).toHaveLength(1);
  });

  describe('the model picker', () => {
    it('offers the seven models, Claude Sonnet 4.5 first and chosen by default', async () => {
      renderNewProject();
      await waitFor(() => expect(modelSelect()).toBeEnabled());
      expect(
        within(modelSelect())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Claude Sonnet 4.5',
        'Claude Sonnet 4',
        'Claude 3.7 Sonnet',
        'GPT-4.1',
        'GPT-5',
        'Gemini 2.5 Pro',
        'Gemini 2.5 Flash',
      ]);
      expect(modelSelect()).toHaveDisplayValue('Claude Sonnet 4.5');
    });

    it('remembers the choice for next time and sends it', async () => {
      const sent = recordCreates();
      const view = renderNewProject();
      await view.user.selectOptions(modelSelect(), 'GPT-5');
      expect(localStorage.getItem('mason.model')).toBe('GPT_5');

      await view.user.type(description(), 'A mood journal');
      await view.user.click(screen.getByRole('button', { name: 'Create project' }));
      await screen.findByRole('heading', { name: 'Project workspace' });
      expect(sent[0]?.model).toBe('GPT_5');
    });

    it('starts from the stored choice', async () => {
      localStorage.setItem('mason.model', 'GEMINI_2_5_FLASH');
      renderNewProject();
      expect(modelSelect()).toHaveDisplayValue('Gemini 2.5 Flash');
    });

    it('disables the models this server cannot run, and leaves a stored one it cannot run', async () => {
      localStorage.setItem('mason.model', 'GPT_5');
      server.use(
        mockEndpoint(
          'getModels',
          aModelsResponse({ available: ['CLAUDE_4_SONNET', 'CLAUDE_SONNET_4_5'] }),
        ),
      );
      renderNewProject();
      const gpt5 = await screen.findByRole('option', { name: 'GPT-5 (not set up)' });
      expect(gpt5).toBeDisabled();
      expect(screen.getByRole('option', { name: 'Claude Sonnet 4' })).toBeEnabled();
      await waitFor(() => expect(modelSelect()).toHaveDisplayValue('Claude Sonnet 4.5'));
    });

    it('says what to set when no model can run on this server', async () => {
      server.use(mockEndpoint('getModels', aModelsResponse({ available: [] })));
      renderNewProject();
      expect(await screen.findByText('No AI model can run on this server yet')).toBeInTheDocument();
      expect(screen.getByText(NO_MODEL_SETUP_HINT, { exact: false })).toBeInTheDocument();
      expect(modelSelect()).toBeDisabled();
    });

    it('offers to check again when the model list cannot be loaded', async () => {
      server.use(errorHandler('getModels', 500, {}, { once: true }));
      const view = renderNewProject();
      await view.user.click(await screen.findByRole('button', { name: 'Check again' }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument(),
      );
      expect(
        screen.getByText('Kept for your next project and chat on this browser.'),
      ).toBeInTheDocument();
    });
  });

  describe('images', () => {
    it('previews attached images, lets the person remove one, and sends the rest', async () => {
      const sent = recordCreates();
      const view = renderNewProject();

      await view.user.upload(screen.getByLabelText('Attach images'), [
        png('sketch.png'),
        png('logo.png'),
      ]);
      const previews = await screen.findByRole('list', { name: 'Attached images' });
      expect(await within(previews).findByRole('img', { name: 'sketch.png' })).toBeInTheDocument();
      expect(within(previews).getByRole('img', { name: 'logo.png' })).toHaveAttribute(
        'src',
        `data:image/png;base64,${Buffer.from('png-bytes').toString('base64')}`,
      );
      expect(screen.getByText('2 images attached')).toBeInTheDocument();

      await view.user.click(screen.getByRole('button', { name: 'Remove sketch.png' }));
      expect(within(previews).queryByRole('img', { name: 'sketch.png' })).not.toBeInTheDocument();

      await view.user.type(description(), 'A landing page like the logo');
      await view.user.click(screen.getByRole('button', { name: 'Create project' }));
      await screen.findByRole('heading', { name: 'Project workspace' });
      expect(sent[0]?.images).toEqual([
        { mediaType: 'image/png', content: Buffer.from('png-bytes').toString('base64') },
      ]);
    });

    it('attaches at most ten images', async () => {
      const view = renderNewProject();
      const files = Array.from({ length: 12 }, (_, index) => png(`shot-${index + 1}.png`));
      await view.user.upload(screen.getByLabelText('Attach images'), files);

      expect(
        await screen.findByText('At most 10 images can be attached: 2 images were left out.'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('list', { name: 'Attached images' })).getAllByRole('listitem'),
      ).toHaveLength(10);
      expect(screen.getByLabelText('Attach images')).toBeDisabled();
    });

    it('says which file is not an image', async () => {
      const view = renderNewProject();
      const user = userEvent.setup({ applyAccept: false });
      await user.upload(
        screen.getByLabelText('Attach images'),
        new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'brief.pdf is not a PNG, JPEG, GIF or WebP image.',
      );
      expect(screen.queryByRole('list', { name: 'Attached images' })).not.toBeInTheDocument();
      expect(view.toasts).toEqual([]);
    });
  });

  describe('while and after sending', () => {
    it('shows progress and disables the form while the project is created', async () => {
      server.use(pendingHandler('createProject'));
      const view = renderNewProject();
      await view.user.type(description(), 'A chess clock');
      await view.user.click(screen.getByRole('button', { name: 'Create project' }));

      const button = await screen.findByRole('button', { name: /Creating project/ });
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(description()).toBeDisabled();
      expect(modelSelect()).toBeDisabled();
    });

    it('shows what the server found wrong next to the field', async () => {
      server.use(
        errorHandler('createProject', 400, {
          message: 'description: That description is too long.',
          fieldErrors: { description: 'That description is too long.' },
        }),
      );
      const view = renderNewProject();
      await view.user.type(description(), 'A very long idea');
      await view.user.click(screen.getByRole('button', { name: 'Create project' }));

      expect(await screen.findByText('That description is too long.')).toBeInTheDocument();
      expect(description()).toHaveAttribute('aria-invalid', 'true');
      expect(description()).toHaveFocus();
      expect(view.location.pathname).toBe('/dashboard/projects/new');
      expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
    });

    it('stops loading when the usage limit is reached, leaving the modal to the app', async () => {
      server.use(
        mockEndpoint('createProject', () =>
          HttpResponse.json(
            apiErrorBody(403, {
              message: 'Usage limit reached',
              limitResetDate: '2025-02-01T00:00:00.000Z',
            }),
            { status: 403 },
          ),
        ),
      );
      const view = renderNewProject();
      await view.user.type(description(), 'A budget planner');
      await view.user.click(screen.getByRole('button', { name: 'Create project' }));

      await waitFor(() =>
        expect(view.actions.map(({ type }) => type)).toContain('apiClient/usageLimitReached'),
      );
      expect(await screen.findByRole('button', { name: 'Create project' })).toBeEnabled();
      expect(description()).toHaveValue('A budget planner');
      expect(view.toasts.map(({ message }) => message)).toEqual([
        'User cannot perform requested action',
      ]);
      expect(view.location.pathname).toBe('/dashboard/projects/new');
    });
  });
});
