import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Domain } from '@mason/contract';
import {
  aDomain,
  errorHandler,
  FIXTURE_NOW,
  fixtureTimeAgo,
  pendingHandler,
} from '@mason/api-client/testing';
import { domainsFake } from '../test-utils/domains-fake';
import { projectsStoryDecorators } from '../test-utils/projects-story';
import { DomainsScreen } from './domains-screen';

const checks = (domain: Domain, ok: boolean[]): Domain['checks'] =>
  domain.dnsRecords.map(({ type, name, value }, index) => ({
    type,
    name,
    ok: ok[index] ?? false,
    detail: ok[index]
      ? type === 'TXT'
        ? 'Found, with the right value.'
        : `Points at ${value}.`
      : `No ${type} record found.`,
  }));

const active = (() => {
  const domain = aDomain({ domain: 'mugs.example.com', url: 'https://mugs.example.com/' });
  return {
    ...domain,
    status: 'ACTIVE' as const,
    verifiedAt: fixtureTimeAgo({ minutes: 3 }),
    checkedAt: fixtureTimeAgo({ minutes: 3 }),
    checks: checks(domain, [true, true]),
  };
})();

const pending = (() => {
  const domain = aDomain({ domain: 'shop.mugs.example.com', createdAt: FIXTURE_NOW });
  return {
    ...domain,
    checkedAt: fixtureTimeAgo({ minutes: 1 }),
    checks: checks(domain, [true, false]),
  };
})();

const meta = {
  title: 'Projects/Domains',
  component: DomainsScreen,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 900 } },
    msw: { handlers: domainsFake({ domains: [active, pending] }).handlers },
  },
  decorators: [
    ...projectsStoryDecorators({ route: '/domains?projectId=project-1', path: '/domains' }),
  ],
} satisfies Meta<typeof DomainsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An active domain and one waiting for its CNAME record. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Domains of Todo app' })).toBeVisible();
    const mugs = within(await canvas.findByRole('article', { name: /^mugs\.example\.com/ }));
    await expect(mugs.getByText('Active')).toBeVisible();
    const shop = within(canvas.getByRole('article', { name: /^shop\.mugs\.example\.com/ }));
    await expect(shop.getByText('Waiting for DNS')).toBeVisible();
    await expect(shop.getByText('No CNAME record found.')).toBeVisible();
  },
};

/** Adding a domain, then checking its records before they exist. */
export const AddAndCheck: Story = {
  parameters: { msw: { handlers: domainsFake().handlers } },
  play: async ({ canvas }) => {
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Domain' }),
      'cafe.example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Add domain' }));
    const cafe = within(await canvas.findByRole('article', { name: /^cafe\.example\.com/ }));
    await userEvent.click(cafe.getByRole('button', { name: 'Check now for cafe.example.com' }));
    await waitFor(() => expect(cafe.getAllByText('Not found')).toHaveLength(2));
  },
};

/** A domain typed wrong: the contract's message, before anything is sent. */
export const InvalidDomain: Story = {
  parameters: { msw: { handlers: domainsFake().handlers } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Domain' }), 'my shop');
    await userEvent.click(canvas.getByRole('button', { name: 'Add domain' }));
    await expect(await canvas.findByText('Enter a domain like app.example.com.')).toBeVisible();
  },
};

/** An active domain whose CNAME record went missing: it works until the grace period ends. */
export const RecordsMissing: Story = {
  parameters: {
    msw: {
      handlers: domainsFake({
        domains: [
          {
            ...active,
            checkedAt: fixtureTimeAgo({ minutes: 2 }),
            verifiedAt: fixtureTimeAgo({ hours: 6 }),
            activeUntil: '2025-01-19T06:00:00.000Z',
            checks: checks(active, [true, false]),
          },
          {
            ...active,
            domain: 'old.example.com',
            status: 'FAILED',
            checks: checks(active, [false, false]),
          },
        ],
      }).handlers,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Some records are missing')).toBeVisible();
    await expect(canvas.getByText('The records are gone')).toBeVisible();
  },
};

/** The project is not published: a domain would have nothing to show. */
export const NotPublished: Story = {
  parameters: { msw: { handlers: domainsFake({ published: false }).handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Todo app is not published yet')).toBeVisible();
  },
};

/** The person's plan has no custom domains: the way to the plans instead of the form. */
export const NotInPlan: Story = {
  parameters: { msw: { handlers: domainsFake({ planIncludesDomains: false }).handlers } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Custom domains come with the Pro and Usage-based plans'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** No domain yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: domainsFake().handlers } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No domains yet' })).toBeVisible();
  },
};

/** No project named in the address: the person's projects, to choose one. */
export const NoProject: Story = {
  parameters: { providers: { route: '/domains' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Todo app' })).toBeVisible();
  },
};

/** The domains are on their way. */
export const Loading: Story = {
  parameters: { msw: { handlers: [pendingHandler('getProjectDomains')] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading the domains…')).toBeVisible();
  },
};

/** The domains could not be loaded: the person can try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [errorHandler('getProjectDomains', 500)] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The domains could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
