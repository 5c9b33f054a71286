import type { Model, ThemeMode } from './enums';

/** The product's name: the page title, the logo's text, e-mails. */
export const PRODUCT_NAME = 'Mason';
/** SPEC.md 1: the page description. */
export const PRODUCT_DESCRIPTION = 'Build Scalable MVPs and Internal Tools with AI';

/** SPEC.md 7 and 9: request time-outs. */
export const API_TIMEOUT_MS = 10_000;
export const FILE_LISTING_TIMEOUT_MS = 60_000;
export const DATABASE_ATTACH_TIMEOUT_MS = 30_000;
export const FORK_TIMEOUT_MS = 30_000;
/** Uploads (assets, message attachments) may take a minute. */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** SPEC.md 5 and 9: uploaded images are resized so that neither side exceeds this. */
export const IMAGE_MAX_SIDE_PX = 1568;

/** SPEC.md 2 and 9: toasts close after this long. */
export const TOAST_DURATION_MS = 2500;
/** SPEC.md 1 and 9: a dismissed banner stays hidden this long. */
export const BANNER_DISMISS_MS = 900_000;

/** SPEC.md 4 and 9: the chat box. */
export const CHAT_WIDTH_DEFAULT = 500;
export const CHAT_WIDTH_EXPANDED = 520;
export const CHAT_WIDTH_SAVE_DEBOUNCE_MS = 300;
export const SCROLL_AFTER_SEND_MS = 1500;
export const HISTORY_PANEL_DEFAULT_OPEN = true;

export const DEFAULT_MODEL: Model = 'CLAUDE_SONNET_4_5';

/** SPEC.md 3 and 9: theme defaults (shadcn/ui vocabulary: base colour, radius in rem, mode). */
export const THEME_DEFAULTS: {
  readonly name: 'zinc';
  readonly radius: 1;
  readonly mode: ThemeMode;
} = {
  name: 'zinc',
  radius: 1,
  mode: 'dark',
};

/** SPEC.md 9: refetching data on window focus is off. */
export const REFETCH_ON_FOCUS = false;

/** SPEC.md 5: Google sign-in sends the referral code kept in this cookie. */
export const REFERRAL_COOKIE = 'referral_code';
/** The longest referral code (after trimming) the server takes. */
export const REFERRAL_CODE_MAX_LENGTH = 64;

/** Password rules (SPEC.md leaves them to us). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Request bodies larger than this are refused with 413 (uploads have their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;
