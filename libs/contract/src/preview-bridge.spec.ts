import { BridgeMessageSchema } from './preview-bridge';
import { PREVIEW_BRIDGE_CHANNEL, parseBridgeMessage } from './preview-bridge-guard';

const channel = PREVIEW_BRIDGE_CHANNEL;
const selection = {
  componentName: 'Hero',
  filePath: 'src/Hero.tsx',
  line: 4,
  column: 7,
  filePart: 'src/Hero.tsx:4:7',
  page: '/',
  tagName: 'h1',
  className: 'title',
  textContent: null,
  style: { color: 'red' },
  instances: 2,
};

const valid: unknown[] = [
  { channel, type: 'ready', url: '/about', versionIndex: 3, versionId: 'v3' },
  { channel, type: 'ready', url: '/', versionIndex: null, versionId: null },
  { channel, type: 'url', url: '/a#b', kind: 'hash' },
  { channel, type: 'console', level: 'warn', text: 'careful' },
  { channel, type: 'notice', text: 'This browser blocks localStorage in a framed preview.' },
  { channel, type: 'error', kind: 'unhandledrejection', message: 'x', stack: null },
  {
    channel,
    type: 'build-failed',
    diagnostics: [
      { severity: 'error', file: 'src/App.tsx', line: 3, column: null, message: 'Expected ";"' },
    ],
  },
  { channel, type: 'selected', selection },
  { channel, type: 'selected', selection: { ...selection, textFromCode: '{TITLE}' } },
  { channel, type: 'thumbnail', versionId: 'v3', image: 'data:image/jpeg;base64,/9j/4AAQ' },
  { channel, type: 'thumbnail', versionId: 'v3', image: 'data:image/webp;base64,UklGRg==' },
];

const invalid: unknown[] = [
  null,
  'ready',
  [],
  { type: 'ready', url: '/', versionIndex: 1, versionId: null },
  { channel: 'other/1', type: 'ready', url: '/', versionIndex: 1, versionId: null },
  { channel, type: 'navigate', url: '/' },
  { channel, type: 'ready', url: 7, versionIndex: 1, versionId: null },
  { channel, type: 'ready', url: '/', versionIndex: -1, versionId: null },
  { channel, type: 'ready', url: '/', versionIndex: 1.5, versionId: null },
  { channel, type: 'ready', url: '/', versionIndex: 1 },
  { channel, type: 'url', url: '/', kind: 'teleport' },
  { channel, type: 'console', level: 'trace', text: 'x' },
  { channel, type: 'console', level: 'log', text: 'x'.repeat(20_001) },
  { channel, type: 'notice', text: 7 },
  { channel, type: 'error', kind: 'error', message: 'x' },
  {
    channel,
    type: 'build-failed',
    diagnostics: [{ severity: 'fatal', file: null, line: null, column: null, message: '' }],
  },
  { channel, type: 'selected', selection: { ...selection, line: 0 } },
  { channel, type: 'selected', selection: { ...selection, style: { color: 3 } } },
  { channel, type: 'selected', selection: { ...selection, instances: undefined } },
  { channel, type: 'selected', selection: { ...selection, textFromCode: 7 } },
  { channel, type: 'selected', selection: { ...selection, textFromCode: 'x'.repeat(61) } },
  { channel, type: 'thumbnail', versionId: 'v3', image: 'data:image/svg+xml;base64,PHN2Zz4=' },
  { channel, type: 'thumbnail', versionId: 'v3', image: 'https://example.com/a.jpg' },
  { channel, type: 'thumbnail', versionId: 'v3', image: 'data:image/jpeg;base64,<script>' },
  { channel, type: 'thumbnail', image: 'data:image/jpeg;base64,/9j/4AAQ' },
  {
    channel,
    type: 'thumbnail',
    versionId: 'v3',
    image: `data:image/jpeg;base64,${'A'.repeat(300_000)}`,
  },
];

describe('parseBridgeMessage', () => {
  it.each(valid)('accepts what the contract accepts (%#)', (message) => {
    expect(BridgeMessageSchema.safeParse(message).success).toBe(true);
    expect(parseBridgeMessage(message)).toEqual(message);
  });

  it.each(invalid)('refuses what the contract refuses (%#)', (message) => {
    expect(BridgeMessageSchema.safeParse(message).success).toBe(false);
    expect(parseBridgeMessage(message)).toBeNull();
  });
});
