import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withStoryProviders } from '@mason/web-testing';
import { SupabaseRedirectScreen } from './supabase-redirect-screen';

const meta = {
  title: 'Integrations/Supabase redirect',
  component: SupabaseRedirectScreen,
  args: { projectsPath: '/dashboard/projects', integrationsPath: '/integrations' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withStoryProviders({
      route: '/integrations/supabase/redirect',
      path: '/integrations/supabase/redirect',
    }),
  ],
} satisfies Meta<typeof SupabaseRedirectScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Back from Supabase: no account is connected here; a project attaches one by its keys. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No Supabase account was connected')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your projects' })).toBeVisible();
  },
};
