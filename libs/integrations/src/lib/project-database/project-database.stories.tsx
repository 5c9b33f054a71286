import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { ErrorMessages } from '@mason/contract';
import {
  anAttachedDatabase,
  aProjectDatabase,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { databaseFake } from '../test-utils/database-fake';
import { ProjectDatabase } from './project-database';

/** As wide as the project Settings dialog. */
const StyledFrame = styled.div`
  max-width: 472px;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: 0 ${({ theme }) => theme.space[4]};
`;

const meta = {
  title: 'Integrations/Project database',
  component: ProjectDatabase,
  args: { projectId: 'project-1' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StyledFrame>
        <Story />
      </StyledFrame>
    ),
    withStoryProviders({
      route: '/projects/project-1',
      path: '/projects/:projectId',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof ProjectDatabase>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Database' }));

/** The project's database is being asked for. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectDatabase')] } },
  play: async ({ canvasElement }) => {
    await expect(
      region(canvasElement).getByText('Loading the project’s database'),
    ).toBeInTheDocument();
  },
};

/** No database yet: what one gives the app, and "Turn on the database". */
export const Off: Story = {
  parameters: { msw: { handlers: databaseFake().handlers } },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(
      await section.findByRole('button', { name: 'Turn on the database' }),
    ).toBeEnabled();
    await expect(section.getByText(/A database keeps the app’s data/)).toBeVisible();
  },
};

/** Turning it on: "Turning on…" while the server makes the databases. */
export const TurningOn: Story = {
  parameters: {
    msw: { handlers: databaseFake({ enableAnswersAfter: new Promise(() => undefined) }).handlers },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Turn on the database' }));
    await expect(await section.findByRole('button', { name: /Turning on…/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Turned on: the section shows the database, says so, and the summary takes focus. */
export const TurnOn: Story = {
  parameters: { msw: { handlers: databaseFake().handlers } },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Turn on the database' }));
    const summary = await section.findByText(/The database is on: the preview uses/);
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(section.getByText('VITE_SUPABASE_ANON_KEY')).toBeVisible();
  },
};

/** The server refused: its reason beside the button, which stays. */
export const TurnOnFailed: Story = {
  parameters: {
    msw: {
      handlers: databaseFake({
        refuseEnable: {
          status: 409,
          message: 'The database server is not set up on this Mason server.',
        },
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(await section.findByRole('button', { name: 'Turn on the database' }));
    await expect(await section.findByRole('alert')).toHaveTextContent(
      'The database server is not set up on this Mason server.',
    );
    await expect(section.getByRole('button', { name: 'Turn on the database' })).toBeVisible();
  },
};

/** On: the built-in database, since when, the variables Mason sets for the app. */
export const On: Story = {
  parameters: {
    msw: { handlers: databaseFake({ database: aProjectDatabase() }).handlers },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(await section.findByText('Built-in database')).toBeVisible();
    await expect(section.getByText('VITE_SUPABASE_URL')).toBeVisible();
    await expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Attach a database service',
    ]);
  },
};

/** Attaching: a Supabase project's URL, anon key and database password, or a PostgreSQL URL. */
export const Attach: Story = {
  parameters: { msw: { handlers: databaseFake().handlers } },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(
      await section.findByRole('button', { name: 'Attach a database service' }),
    );
    const form = within(section.getByRole('form', { name: 'Attach a database service' }));
    await expect(form.getByLabelText('Project URL')).toBeVisible();
    await expect(form.getByLabelText('Database password')).toHaveAttribute('type', 'password');
  },
};

/** With a connected Supabase account: one of its projects is chosen, with its password. */
export const AttachFromAccount: Story = {
  parameters: {
    msw: {
      handlers: [
        ...databaseFake().handlers,
        mockEndpoint('getSupabaseIntegration', () => ({
          connection: { connectedAt: '2026-11-02T10:00:00.000Z' },
          configured: true,
        })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(
      await section.findByRole('button', { name: 'Attach a database service' }),
    );
    const form = within(section.getByRole('form', { name: 'Attach a database service' }));
    await expect(await form.findByRole('combobox', { name: 'Supabase project' })).toBeVisible();
  },
};

/** A wrong database password, shown at its field as the server words it. */
export const AttachWrongPassword: Story = {
  parameters: {
    msw: {
      handlers: databaseFake({
        refuseAttach: { status: 400, message: ErrorMessages.databasePasswordInvalid },
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await userEvent.click(
      await section.findByRole('button', { name: 'Attach a database service' }),
    );
    const form = within(section.getByRole('form', { name: 'Attach a database service' }));
    await userEvent.type(
      form.getByLabelText('Project URL'),
      'https://abcdefghijklmnopqrst.supabase.co',
    );
    await userEvent.type(form.getByLabelText('Anon (public) key'), 'sb_publishable_key');
    await userEvent.type(form.getByLabelText('Database password'), 'wrong');
    await userEvent.click(form.getByRole('button', { name: 'Attach database' }));
    await waitFor(() =>
      expect(form.getByLabelText('Database password')).toHaveAttribute('aria-invalid', 'true'),
    );
  },
};

/** Attached: the Supabase project, its server and database, and Detach. */
export const Attached: Story = {
  parameters: {
    msw: { handlers: databaseFake({ database: anAttachedDatabase() }).handlers },
  },
  play: async ({ canvasElement }) => {
    const section = region(canvasElement);
    await expect(
      await section.findByText('db.abcdefghijklmnopqrst.supabase.co:5432'),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Detach database' })).toBeVisible();
  },
};

/** The database could not be loaded: the reason, and "Try again". */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectDatabase', 500)] } },
  play: async ({ canvasElement }) => {
    const alert = await region(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('This project’s database could not be loaded');
    await expect(alert).toHaveTextContent('Unknown server error');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
