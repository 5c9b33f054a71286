import { screen } from '@testing-library/react';
import { aTask, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { BuildingNotice, currentStep } from './building-notice';

const server = setupApiServer();

const editCall = aTaskLog('TOOL_CALL', {
  id: '2',
  payload: { toolCallId: 'call-1', toolName: 'edit_file', input: { path: 'src/App.tsx' } },
});

describe('currentStep', () => {
  it('says what the newest tool call of the turn does, or that the message is being read', () => {
    const message = aTaskLog('USER_MESSAGE', { id: '1', content: 'Make it blue' });
    expect(currentStep([message])).toBe('Reading your message');
    expect(currentStep([message, editCall])).toBe('Editing src/App.tsx');
    const result = aTaskLog('TOOL_RESULT', {
      id: '3',
      payload: { toolCallId: 'call-1', toolName: 'edit_file', isError: false },
    });
    expect(currentStep([message, editCall, result])).toBe('Edited src/App.tsx');
    // A call of an earlier turn is not this turn's step.
    expect(currentStep([editCall, result, { ...message, id: '4' }])).toBe('Reading your message');
  });
});

describe('BuildingNotice', () => {
  it('says which version is being built and the step it is on, over the last good version', async () => {
    server.use(
      mockEndpoint('getTask', aTask({ state: 'IN_PROGRESS' })),
      mockEndpoint('getTaskLogs', aLogPage([aTaskLog('USER_MESSAGE', { id: '1' }), editCall])),
    );
    renderChat(<BuildingNotice taskId="task-1" newestIndex={2} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Building version 3… Editing src/App.tsx',
    );
  });

  it('says a new project shows the starter page until version 1 exists', async () => {
    server.use(mockEndpoint('getTask', aTask({ state: 'FAILED' })));
    renderChat(<BuildingNotice taskId="task-1" newestIndex={0} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This is the starter page: your app appears here as version 1.',
    );
  });
});
