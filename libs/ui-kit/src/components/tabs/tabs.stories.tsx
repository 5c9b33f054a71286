import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Text } from '../typography/typography';
import { Tabs, type TabsProps } from './tabs';

const panel = (text: string) => <Text tone="muted">{text}</Text>;

const meta = {
  title: 'UI Kit/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Workspace',
    onValueChange: fn(),
    items: [
      {
        id: 'preview',
        label: 'Preview',
        content: panel('The running app, updated after every change.'),
      },
      { id: 'code', label: 'Code', content: panel('Every file of the current version.') },
      { id: 'history', label: 'History', content: panel('Versions made by the assistant.') },
      { id: 'console', label: 'Console', content: panel('Logs and errors from the preview.') },
    ],
  },
} satisfies Meta<TabsProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pills: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Preview' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Code' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Code' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Code' })).toHaveTextContent(
      'Every file of the current version.',
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith('code');

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Console' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Preview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Console' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Underline: Story = {
  args: { variant: 'underline', defaultValue: 'history' },
};

export const WithDisabledTab: Story = {
  args: {
    items: [
      { id: 'desktop', label: 'Desktop', content: panel('1280 × 800') },
      { id: 'tablet', label: 'Tablet', content: panel('Coming soon'), disabled: true },
      { id: 'mobile', label: 'Mobile', content: panel('390 × 844') },
    ],
    'aria-label': 'Device',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Desktop' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Mobile' })).toHaveFocus();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
};
