import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent } from 'storybook/test';
import { FileIcon } from '../../icons/icons';
import { Button } from '../button/button';
import { DownloadCodeButton, type DownloadCodeState } from './download-code-button';

const download = fn();
const dismiss = fn();

const idle: DownloadCodeState = {
  download,
  dismiss,
  preparing: false,
  started: false,
  error: null,
};

/** A project card's row of actions, or a header's bar, as the screens lay them out. */
const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 26rem;
  min-height: 8rem;
  align-content: flex-start;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
`;

const meta = {
  title: 'UI Kit/DownloadCodeButton',
  component: DownloadCodeButton,
  args: { code: idle, projectName: 'Mug shop', placement: 'row' },
  decorators: [
    (Story) => (
      <StyledRow>
        <Button size="sm" variant="ghost" leadingIcon={<FileIcon />}>
          Files
        </Button>
        <Story />
      </StyledRow>
    ),
  ],
} satisfies Meta<typeof DownloadCodeButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On a project card: named by its words and the project. A click asks for the zip. */
export const Default: Story = {
  play: async ({ canvas }) => {
    download.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Download code of Mug shop' }));
    await expect(download).toHaveBeenCalledTimes(1);
  },
};

/** In the workspace's header (on a phone the icon alone shows). */
export const InABar: Story = {
  args: { projectName: undefined, placement: 'bar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download code' })).toBeVisible();
  },
};

/** While the server prepares the link. */
export const Preparing: Story = {
  args: { code: { ...idle, preparing: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Preparing…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Preparing…/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The browser was given the zip: said to a screen reader. */
export const Started: Story = {
  args: { code: { ...idle, started: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'The code of Mug shop is downloading.',
    );
  },
};

/** On a card the failure is a line of its own below the buttons. */
export const Failed: Story = {
  args: { code: { ...idle, error: { message: 'This project has no files yet.' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. This project has no files yet.',
    );
  },
};

/** In a bar the failure is a callout below the button, which can be closed. */
export const FailedInABar: Story = {
  args: {
    projectName: undefined,
    placement: 'bar',
    code: { ...idle, error: { message: 'Unknown server error' } },
  },
  play: async ({ canvas }) => {
    dismiss.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Close the message' }));
    await expect(dismiss).toHaveBeenCalledTimes(1);
  },
};
