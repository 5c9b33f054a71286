import { PREVIEW_BRIDGE_CHANNEL } from '@mason/contract/preview';
import { readCommand } from './commands';

const channel = PREVIEW_BRIDGE_CHANNEL;

describe("the bridge's reading of Mason's commands", () => {
  it('reads a capture of a thumbnail for a version', () => {
    expect(readCommand({ channel, type: 'capture-thumbnail', versionId: 'v-1' }, channel)).toEqual({
      type: 'capture-thumbnail',
      versionId: 'v-1',
    });
  });

  it.each([
    { channel, type: 'capture-thumbnail' },
    { channel, type: 'capture-thumbnail', versionId: 7 },
    { channel, type: 'capture-thumbnail', versionId: 'v'.repeat(65) },
    { channel: 'another/1', type: 'capture-thumbnail', versionId: 'v-1' },
  ])('ignores a malformed capture (%#)', (data) => {
    expect(readCommand(data, channel)).toBeNull();
  });
});
