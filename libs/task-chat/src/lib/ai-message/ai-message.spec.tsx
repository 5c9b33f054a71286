import { screen, within } from '@testing-library/react';
import { aModelsResponse, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

beforeEach(() => localStorage.clear());

describe('the model an answer names', () => {
  it('is the operator’s model by its own id, never a catalogue model’s name', async () => {
    server.use(
      mockEndpoint('getModels', aModelsResponse({ available: [], endpoint: 'qwen2.5-coder' })),
      mockEndpoint(
        'getTaskLogs',
        aLogPage([
          aTaskLog('USER_MESSAGE', { id: '1' }),
          aTaskLog('AI_MESSAGE', {
            id: '2',
            content: 'The list is ready.',
            payload: {
              model: 'ENDPOINT',
              modelLabel: 'qwen2.5-coder (your endpoint)',
              draftId: null,
            },
          }),
        ]),
      ),
    );
    renderChat(<TaskChat taskId="task-1" />);

    const answer = await screen.findByRole('article', { name: 'Assistant’s message' });
    expect(await within(answer).findByText('qwen2.5-coder (your endpoint)')).toBeInTheDocument();
    expect(within(answer).queryByText(/Claude|GPT|Gemini/)).not.toBeInTheDocument();
    // The composer's picker preselects it too, by the same name.
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue(
      'qwen2.5-coder (your endpoint)',
    );
  });
});
