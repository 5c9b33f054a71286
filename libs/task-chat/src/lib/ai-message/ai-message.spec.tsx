import { screen, within } from '@testing-library/react';
import { aModelsResponse, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

beforeEach(() => localStorage.clear());

describe('the operator’s model in the chat', () => {
  it('is named by its own id, never a catalogue model’s name, and its unpriced turn says why it was not charged', async () => {
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
          aTaskLog('TURN_COST', {
            id: '3',
            content: 'Not charged: no price set for qwen2.5-coder (your endpoint)',
            payload: {
              chargedCredits: 0,
              waivedCredits: 0,
              waivedReason: null,
              inputTokens: 12_000,
              outputTokens: 800,
              unpricedModel: 'qwen2.5-coder (your endpoint)',
            },
          }),
        ]),
      ),
    );
    renderChat(<TaskChat taskId="task-1" />);

    const answer = await screen.findByRole('article', { name: 'Assistant’s message' });
    expect(await within(answer).findByText('qwen2.5-coder (your endpoint)')).toBeInTheDocument();
    expect(within(answer).queryByText(/Claude|GPT|Gemini/)).not.toBeInTheDocument();
    expect(
      screen.getByText('Not charged: no price set for qwen2.5-coder (your endpoint)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This turn:/)).not.toBeInTheDocument();
    // The composer's picker preselects it too, by the same name.
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue(
      'qwen2.5-coder (your endpoint)',
    );
  });
});
