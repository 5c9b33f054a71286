// Public API of @mason/contract: name every export.
export {
  CheckoutPlanSchema,
  DeviceTypeSchema,
  FileAttachmentModeSchema,
  LogTypeSchema,
  ModelSchema,
  PauseReasonSchema,
  PlanSchema,
  ProjectTypeSchema,
  TaskStateSchema,
  ThemeModeSchema,
} from './enums';
export type {
  CheckoutPlan,
  DeviceType,
  FileAttachmentMode,
  LogType,
  Model,
  PauseReason,
  Plan,
  ProjectType,
  TaskState,
  ThemeMode,
} from './enums';
export {
  API_TIMEOUT_MS,
  BANNER_DISMISS_MS,
  CHAT_WIDTH_DEFAULT,
  CHAT_WIDTH_EXPANDED,
  CHAT_WIDTH_SAVE_DEBOUNCE_MS,
  DATABASE_ATTACH_TIMEOUT_MS,
  DEFAULT_MODEL,
  FILE_LISTING_TIMEOUT_MS,
  FORK_TIMEOUT_MS,
  HISTORY_PANEL_DEFAULT_OPEN,
  IMAGE_MAX_SIDE_PX,
  JSON_BODY_LIMIT_BYTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_DESCRIPTION,
  PRODUCT_NAME,
  REFERRAL_COOKIE,
  REFETCH_ON_FOCUS,
  SCROLL_AFTER_SEND_MS,
  THEME_DEFAULTS,
  TOAST_DURATION_MS,
} from './constants';
export { ApiErrorBodySchema, ErrorMessages, UsageLimitErrorSchema } from './errors';
export type { ApiErrorBody, UsageLimitError } from './errors';
export {
  AuthTokenResponseSchema,
  EmailSchema,
  GoogleLoginRequestSchema,
  LoginRequestSchema,
  OkResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PasswordSchema,
  ReferralCodeSchema,
  SignupRequestSchema,
  VerifyEmailRequestSchema,
  WaitlistRequestSchema,
} from './auth';
export type {
  AuthTokenResponse,
  GoogleLoginRequest,
  LoginRequest,
  OkResponse,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignupRequest,
  VerifyEmailRequest,
  WaitlistRequest,
} from './auth';
export { SignupSourceSchema, UpdateCurrentUserRequestSchema, UserSchema } from './users';
export type { UpdateCurrentUserRequest, User } from './users';
export {
  ActiveSubscriptionResponseSchema,
  SubscriptionSchema,
  UpdateSubscriptionRequestSchema,
  isFree,
  isUsageBased,
  planOfStatus,
  subscriptionStatusOf,
} from './subscriptions';
export type {
  ActiveSubscriptionResponse,
  Subscription,
  SubscriptionStatus,
  UpdateSubscriptionRequest,
} from './subscriptions';
export { BannerConfigSchema, ClientConfigSchema } from './config';
export type { BannerConfig, ClientConfig } from './config';
export { API_PREFIX, AUTH_BASE, ApiRoutes } from './routes';
export { isJsonObjectString } from './json';
