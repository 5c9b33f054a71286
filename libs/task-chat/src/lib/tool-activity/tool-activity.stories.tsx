import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { ToolActivity } from './tool-activity';

const EDIT = aTaskLog('TOOL_CALL', {
  content: 'edit_file',
  payload: {
    toolCallId: 'call-1',
    toolName: 'edit_file',
    input: { path: 'src/App.tsx', old_string: '<header>', new_string: '<header className="dark">' },
  },
});
const EDITED = aTaskLog('TOOL_RESULT', {
  id: '2',
  content: 'Edited src/App.tsx: replaced 1 line with 1 line.',
  payload: { toolCallId: 'call-1', toolName: 'edit_file', isError: false },
});
const CHECK = aTaskLog('TOOL_CALL', {
  id: '3',
  content: 'check_project',
  payload: { toolCallId: 'call-3', toolName: 'check_project', input: {} },
});
const CHECKED = aTaskLog('TOOL_RESULT', {
  id: '4',
  content: 'The project does not build: 2 errors.\nsrc/App.tsx:3:7 Cannot find name “toggle”.',
  payload: { toolCallId: 'call-3', toolName: 'check_project', isError: false },
});
const NOT_EDITED = aTaskLog('TOOL_RESULT', {
  id: '2',
  content: 'old_string was not found in src/App.tsx.',
  payload: { toolCallId: 'call-1', toolName: 'edit_file', isError: true },
});

const meta = {
  title: 'Task chat/Entries/Tool activity',
  component: ToolActivity,
  decorators: entryStoryDecorators(),
  args: { call: EDIT, result: EDITED },
} satisfies Meta<typeof ToolActivity>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A finished edit, opened to its input and result. */
export const Done: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Edited src/App.tsx' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(
      canvas.getByText('Edited src/App.tsx: replaced 1 line with 1 line.'),
    ).toBeVisible();
  },
};

/** The tool still runs: a spinner, and the present tense. */
export const Running: Story = {
  args: { result: null },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Editing src/App.tsx' }));
    await expect(canvas.getByText('Still running…')).toBeVisible();
  },
};

/** A check of the build: what it found, in the line. No input to show. */
export const CheckedBuild: Story = {
  args: { call: CHECK, result: CHECKED },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Checked the build: 2 errors' }));
    await expect(canvas.queryByText('Input')).toBeNull();
    await expect(canvas.getByText('Result')).toBeVisible();
  },
};

/** A tool that failed: the line in the error colour, the details say "Error". */
export const Failed: Story = {
  args: { result: NOT_EDITED },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Could not edit src/App.tsx' }));
    await expect(canvas.getByText('Error')).toBeVisible();
  },
};
