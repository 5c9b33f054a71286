import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ErrorMessages } from '@mason/contract';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import { withStoryProviders } from '@mason/web-testing';
import { WaitlistPage } from './waitlist-page';

async function join(canvasElement: HTMLElement, email = 'grace@example.com') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Join the waitlist' }));
}

const meta = {
  title: 'Marketing/Waitlist page',
  component: WaitlistPage,
  // Each story in its own frame on the docs page: its own store and its own MSW handlers.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 600 } } },
  decorators: [withStoryProviders({ route: '/waitlist', path: '/waitlist' })],
} satisfies Meta<typeof WaitlistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Get early access to Mason' })).toBeVisible();
  },
};

/** The contract checks the address before anything is sent. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement, canvas }) => {
    await join(canvasElement, 'grace@');
    await expect(await canvas.findByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Joining: Story = {
  parameters: { msw: { handlers: [pendingHandler('joinWaitlist')] } },
  play: async ({ canvasElement, canvas }) => {
    await join(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Joining…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Joined: Story = {
  play: async ({ canvasElement, canvas }) => {
    await join(canvasElement);
    const done = await canvas.findByRole('status');
    await expect(done).toHaveTextContent('You are on the list');
    await expect(done).toHaveTextContent('We will write to grace@example.com when a place opens.');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('joinWaitlist', 500)] } },
  play: async ({ canvasElement, canvas }) => {
    await join(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ErrorMessages.unknownServer);
    await expect(canvas.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
  },
};
