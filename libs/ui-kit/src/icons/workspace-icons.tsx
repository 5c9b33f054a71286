import { createIcon } from './create-icon';

// Icons of the project workspace's preview only, in a module of their own: a bundler places a
// module in one chunk, so these stay in the workspace's lazy chunk instead of every page's.

export const PointerIcon = /* @__PURE__ */ createIcon(
  'PointerIcon',
  <>
    <path d="M14 4.1 12 6" />
    <path d="m5.1 8-2.9-.8" />
    <path d="m6 12-1.9 2" />
    <path d="M7.2 2.2 8 5.1" />
    <path d="M9.04 9.04a.5.5 0 0 1 .65-.65l11 4.5a.5.5 0 0 1-.06.95l-4.2 1.08a1 1 0 0 0-.72.72l-1.08 4.2a.5.5 0 0 1-.95.06z" />
  </>,
);

export const SmartphoneIcon = /* @__PURE__ */ createIcon(
  'SmartphoneIcon',
  <>
    <rect width="14" height="20" x="5" y="2" rx="2" ry="2" />
    <path d="M12 18h.01" />
  </>,
);

export const TerminalIcon = /* @__PURE__ */ createIcon(
  'TerminalIcon',
  <>
    <polyline points="4 17 10 11 4 5" />
    <line x1="12" x2="20" y1="19" y2="19" />
  </>,
);

export const RotateCwIcon = /* @__PURE__ */ createIcon(
  'RotateCwIcon',
  <>
    <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
  </>,
);

export const BugIcon = /* @__PURE__ */ createIcon(
  'BugIcon',
  <>
    <path d="m8 2 1.88 1.88" />
    <path d="M14.12 3.88 16 2" />
    <path d="M9 7.13v-1a3.003 3.003 0 1 1 6 0v1" />
    <path d="M12 20c-3.3 0-6-2.7-6-6v-3a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v3c0 3.3-2.7 6-6 6" />
    <path d="M12 20v-9" />
    <path d="M6.53 9C4.6 8.8 3 7.1 3 5" />
    <path d="M6 13H2" />
    <path d="M3 21c0-2.1 1.7-3.9 3.8-4" />
    <path d="M20.97 5c0 2.1-1.6 3.8-3.5 4" />
    <path d="M22 13h-4" />
    <path d="M17.2 17c2.1.1 3.8 1.9 3.8 4" />
  </>,
);
