import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { MasonThemeProvider } from './mason-theme-provider';
import { ThemeModeSwitch, type ThemeModeSwitchProps } from './theme-mode-switch';
import { useThemeMode } from './use-theme-mode';

function Readout() {
  const { mode, resolvedMode } = useThemeMode();
  return (
    <p>
      Chosen: {mode} · shown: {resolvedMode}
    </p>
  );
}

const meta = {
  title: 'UI Kit/Foundations/ThemeModeSwitch',
  component: ThemeModeSwitch,
  // Its own provider (uncontrolled, its own storage key) so the toolbar's theme stays the toolbar's.
  decorators: [
    (Story) => (
      <MasonThemeProvider
        storageKey="mason.storybook.theme-switch"
        defaultMode="dark"
        applyToDocument={false}
      >
        <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
          <Story />
          <Readout />
        </div>
      </MasonThemeProvider>
    ),
  ],
} satisfies Meta<ThemeModeSwitchProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Icons: Story = {
  play: async ({ canvas }) => {
    window.localStorage.removeItem('mason.storybook.theme-switch');
    await userEvent.click(canvas.getByRole('radio', { name: 'Dark' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(canvas.getByText(/Chosen: system/)).toBeVisible();
    await expect(window.localStorage.getItem('mason.storybook.theme-switch')).toBe('system');
    await userEvent.click(canvas.getByRole('radio', { name: 'Dark' }));
  },
};

export const WithLabels: Story = {
  args: { showLabels: true },
};
