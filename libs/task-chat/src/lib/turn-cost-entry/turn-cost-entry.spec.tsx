import { screen } from '@testing-library/react';
import type { TaskLog } from '@mason/contract';
import { aTask, aTaskLog, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aLogPage } from '../../test-utils/chat-fixtures';
import { renderChat } from '../../test-utils/render-chat';
import { TaskChat } from '../task-chat/task-chat';

const server = setupApiServer();

/** The chat of a finished task whose log ends with the person's message, the answer and `cost`. */
function renderCost(cost: TaskLog) {
  server.use(
    mockEndpoint('getTask', aTask()),
    mockEndpoint(
      'getTaskLogs',
      aLogPage([
        aTaskLog('USER_MESSAGE', { id: '1' }),
        aTaskLog('AI_MESSAGE', { id: '2' }),
        { ...cost, id: '3' },
      ]),
    ),
  );
  return renderChat(<TaskChat taskId="task-1" />);
}

describe('TurnCostEntry', () => {
  it('shows what a charged turn cost', async () => {
    renderCost(aTaskLog('TURN_COST'));
    expect(await screen.findByText('This turn: 3.2 credits')).toBeInTheDocument();
    expect(screen.queryByText(/Not charged/)).not.toBeInTheDocument();
  });

  it('says a repair of the assistant’s own error was not charged', async () => {
    renderCost(
      aTaskLog('TURN_COST', {
        payload: {
          chargedCredits: 0,
          waivedCredits: 2.4,
          waivedReason: 'repair',
          inputTokens: 5000,
          outputTokens: 600,
        },
      }),
    );
    expect(
      await screen.findByText('Not charged: the assistant fixed its own error (2.4 credits)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This turn/)).not.toBeInTheDocument();
  });

  it('says a turn on the person’s own OpenRouter key was not charged Mason credits', async () => {
    renderCost(
      aTaskLog('TURN_COST', {
        payload: {
          chargedCredits: 0,
          waivedCredits: 3.2,
          waivedReason: 'own_key',
          inputTokens: 5000,
          outputTokens: 600,
        },
      }),
    );
    expect(
      await screen.findByText('Not charged: it ran on your OpenRouter key (3.2 credits)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/This turn/)).not.toBeInTheDocument();
  });

  it('says a turn the AI provider failed was not charged', async () => {
    renderCost(
      aTaskLog('TURN_COST', {
        payload: {
          chargedCredits: 0,
          waivedCredits: 0.03,
          waivedReason: 'provider',
          inputTokens: 100,
          outputTokens: 0,
        },
      }),
    );
    expect(
      await screen.findByText('Not charged: the AI provider failed (less than 0.1 credits)'),
    ).toBeInTheDocument();
  });

  it('shows both lines when only the repair part of a turn was not charged', async () => {
    renderCost(
      aTaskLog('TURN_COST', {
        payload: {
          chargedCredits: 1,
          waivedCredits: 1.14,
          waivedReason: 'repair',
          inputTokens: 9000,
          outputTokens: 1500,
        },
      }),
    );
    expect(await screen.findByText('This turn: 1 credit')).toBeInTheDocument();
    const waived = screen.getByText('Not charged: the assistant fixed its own error (1.1 credits)');
    expect(waived.parentElement).toHaveAttribute(
      'title',
      expect.stringMatching(/^9,000 tokens in, 1,500 out · /),
    );
  });
});
