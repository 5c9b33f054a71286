import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { TurnCostEntry } from './turn-cost-entry';

const meta = {
  title: 'Task chat/Entries/Turn cost',
  component: TurnCostEntry,
  decorators: entryStoryDecorators(),
  args: { log: aTaskLog('TURN_COST') },
} satisfies Meta<typeof TurnCostEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A charged turn: what it cost, the tokens on hover. */
export const Charged: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This turn: 3.2 credits')).toBeVisible();
  },
};

/** The assistant repaired its own error: nothing charged. */
export const Repair: Story = {
  args: {
    log: aTaskLog('TURN_COST', {
      content: 'Not charged: the assistant fixed its own error (2.4 credits)',
      payload: {
        chargedCredits: 0,
        waivedCredits: 2.4,
        waivedReason: 'repair',
        inputTokens: 5000,
        outputTokens: 600,
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Not charged: the assistant fixed its own error (2.4 credits)'),
    ).toBeVisible();
  },
};

/** The provider failed mid-turn: nothing charged. */
export const ProviderFailed: Story = {
  args: {
    log: aTaskLog('TURN_COST', {
      payload: {
        chargedCredits: 0,
        waivedCredits: 0.8,
        waivedReason: 'provider',
        inputTokens: 2000,
        outputTokens: 120,
      },
    }),
  },
};

/** The turn ran on the person's own OpenRouter key: OpenRouter charged them, Mason did not. */
export const OwnKey: Story = {
  args: {
    log: aTaskLog('TURN_COST', {
      payload: {
        chargedCredits: 0,
        waivedCredits: 3.2,
        waivedReason: 'own_key',
        inputTokens: 5000,
        outputTokens: 600,
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Not charged: it ran on your OpenRouter key (3.2 credits)'),
    ).toBeVisible();
  },
};

/** Part charged (the person's request), part not (the assistant fixing its own build). */
export const PartlyCharged: Story = {
  args: {
    log: aTaskLog('TURN_COST', {
      payload: {
        chargedCredits: 3.2,
        waivedCredits: 1.1,
        waivedReason: 'repair',
        inputTokens: 9000,
        outputTokens: 1500,
      },
    }),
  },
};

/** The operator's own model has no price set (LLM_PRICE_*_PER_MTOK): not charged, and why. */
export const UnpricedModel: Story = {
  args: {
    log: aTaskLog('TURN_COST', {
      payload: {
        chargedCredits: 0,
        waivedCredits: 0,
        waivedReason: null,
        inputTokens: 12_000,
        outputTokens: 800,
        unpricedModel: 'qwen2.5-coder (your endpoint)',
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Not charged: no price set for qwen2.5-coder (your endpoint)'),
    ).toBeVisible();
  },
};
