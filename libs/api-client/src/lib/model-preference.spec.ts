import { DEFAULT_MODEL } from '@mason/contract';
import { MODEL_STORAGE_KEY, readStoredModel, storeModel } from './model-preference';

describe('the stored model', () => {
  beforeEach(() => localStorage.clear());

  it('is Claude Sonnet 4.5 until the person chooses one', () => {
    expect(readStoredModel()).toBe('CLAUDE_SONNET_4_5');
    expect(DEFAULT_MODEL).toBe('CLAUDE_SONNET_4_5');
  });

  it('is the model chosen last, under mason.model', () => {
    storeModel('GPT_5');
    expect(localStorage.getItem('mason.model')).toBe('GPT_5');
    expect(readStoredModel()).toBe('GPT_5');
    storeModel('GEMINI_2_5_FLASH');
    expect(readStoredModel()).toBe('GEMINI_2_5_FLASH');
  });

  it('falls back to the default when the stored value is not a model', () => {
    localStorage.setItem(MODEL_STORAGE_KEY, 'GPT_2');
    expect(readStoredModel()).toBe(DEFAULT_MODEL);
  });

  it('keeps working when the browser refuses storage', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      expect(() => storeModel('GPT_5')).not.toThrow();
      expect(readStoredModel()).toBe(DEFAULT_MODEL);
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});
