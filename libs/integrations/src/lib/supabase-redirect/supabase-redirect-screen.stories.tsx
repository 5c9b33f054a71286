import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withStoryProviders } from '@mason/web-testing';
import { SupabaseRedirectScreen } from './supabase-redirect-screen';

const meta = {
  title: 'Integrations/Supabase redirect',
  component: SupabaseRedirectScreen,
  args: { projectsPath: '/dashboard/projects', integrationsPath: '/integrations' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SupabaseRedirectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened by itself: nothing was connected; the ways that work. */
export const Default: Story = {
  decorators: [
    withStoryProviders({
      route: '/integrations/supabase/redirect',
      path: '/integrations/supabase/redirect',
      getToken: () => 'test-token',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No Supabase account was connected')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your projects' })).toBeVisible();
  },
};

/** Back from Supabase with a code: Mason connects the account and says what to do next. */
export const Connected: Story = {
  decorators: [
    withStoryProviders({
      route: '/integrations/supabase/redirect?code=code-1&state=test-state',
      path: '/integrations/supabase/redirect',
      getToken: () => 'test-token',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your Supabase account is connected')).toBeVisible();
  },
};

/** Back from Supabase after the person said no. */
export const Declined: Story = {
  decorators: [
    withStoryProviders({
      route: '/integrations/supabase/redirect?error=access_denied&state=test-state',
      path: '/integrations/supabase/redirect',
      getToken: () => 'test-token',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Supabase is not connected')).toBeVisible();
  },
};
