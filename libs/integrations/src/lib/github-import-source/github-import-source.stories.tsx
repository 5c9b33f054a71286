import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import styled from 'styled-components';
import { aGithubIntegration, aGithubRepository, mockEndpoint } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { githubFake } from '../test-utils/github-fake';
import type { GithubPopup } from '../project-code-hosting/github-popup';
import { GithubImportSource } from './github-import-source';

/** As wide as the import form. */
const StyledFrame = styled.div`
  max-width: 640px;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: 0 ${({ theme }) => theme.space[4]};
`;

const repositories = mockEndpoint('getGithubRepositories', {
  repositories: [
    aGithubRepository({
      id: '1',
      name: 'notes',
      fullName: 'ada/notes',
      branches: ['main', 'draft'],
    }),
    aGithubRepository({ id: '2', name: 'shop', fullName: 'ada/shop', private: false }),
  ],
  hasMore: false,
});

const meta = {
  title: 'Integrations/GitHub import source',
  component: GithubImportSource,
  args: {
    onChange: fn(),
    integrationsHref: '/dashboard/integrations',
    openPopup: fn((): GithubPopup | null => ({ show: fn(), close: fn() })),
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StyledFrame>
        <Story />
      </StyledFrame>
    ),
    withStoryProviders({
      route: '/dashboard/projects/existing',
      path: '/dashboard/projects/existing',
      getToken: () => 'test-token',
    }),
  ],
} satisfies Meta<typeof GithubImportSource>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Connected: the account's repositories; picking one tells the form, its default branch first. */
export const Connected: Story = {
  parameters: {
    msw: {
      handlers: [
        ...githubFake({ integration: aGithubIntegration({ accountLogin: 'ada', avatarUrl: null }) })
          .handlers,
        repositories,
      ],
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: /ada\/notes/ }));
    await expect(canvas.getByRole('combobox', { name: /Branch/ })).toHaveDisplayValue(
      'main (default)',
    );
    await expect(args.onChange).toHaveBeenCalledWith({
      repositoryId: '1',
      branch: 'main',
      name: 'notes',
    });
  },
};

/** Not connected: connect GitHub in a pop-up, the form stays as it is. */
export const NotConnected: Story = {
  parameters: { msw: { handlers: [...githubFake().handlers, repositories] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Connect GitHub' })).toBeVisible();
    await expect(canvas.getByText(/private ones too/)).toBeVisible();
  },
};

/** The server has no GitHub app: what the admin sets, and importing by address meanwhile. */
export const NotSetUp: Story = {
  parameters: { msw: { handlers: [...githubFake({ configured: false }).handlers] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/GitHub is not set up on this Mason server/),
    ).toBeVisible();
  },
};

/** The import form could not go on: its reason under the list. */
export const WithError: Story = {
  args: { error: 'Pick the repository to import.' },
  parameters: {
    msw: {
      handlers: [
        ...githubFake({ integration: aGithubIntegration({ accountLogin: 'ada', avatarUrl: null }) })
          .handlers,
        repositories,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Pick the repository to import.',
    );
  },
};
