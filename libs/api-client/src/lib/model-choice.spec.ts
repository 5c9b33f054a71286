import { aModelsResponse } from '../testing/fixtures/tasks';
import { effectiveModel } from './model-choice';

describe('effectiveModel', () => {
  it('is the choice while this server runs it, or while GET /models has not answered', () => {
    expect(effectiveModel('GPT_5', aModelsResponse().models)).toBe('GPT_5');
    expect(effectiveModel('GPT_5', undefined)).toBe('GPT_5');
  });

  it('is Claude Sonnet 4.5 when the choice cannot run and Sonnet can, whatever comes first', () => {
    const models = aModelsResponse({ available: ['GEMINI_2_5_FLASH', 'CLAUDE_SONNET_4_5'] }).models;
    expect(effectiveModel('GPT_5', [...models].reverse())).toBe('CLAUDE_SONNET_4_5');
  });

  it('is the first model that runs when Sonnet cannot: the operator’s own on an endpoint-only server', () => {
    expect(
      effectiveModel('CLAUDE_SONNET_4_5', aModelsResponse({ available: [], endpoint: 'm' }).models),
    ).toBe('ENDPOINT');
    expect(
      effectiveModel('CLAUDE_SONNET_4_5', aModelsResponse({ available: [], demo: true }).models),
    ).toBe('DEMO');
  });

  it('stays the choice when nothing runs (the screen says what to set)', () => {
    expect(effectiveModel('GPT_5', aModelsResponse({ available: [] }).models)).toBe('GPT_5');
  });
});
