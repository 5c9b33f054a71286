import * as z from 'zod/mini';
import { CHECKOUT_PLANS } from './checkout-plans';

/** SPEC.md 3: the plan enum. Free is also what "no subscription" means. */
export const PlanSchema = z.enum(['FREE', 'LITE', 'PRO', 'USAGE']);
export type Plan = z.infer<typeof PlanSchema>;

/** Plans a visitor can choose on /pricing and check out. PLUS is a legacy name for USAGE. */
export const CheckoutPlanSchema = z.enum(CHECKOUT_PLANS);
export type CheckoutPlan = z.infer<typeof CheckoutPlanSchema>;

export const ProjectTypeSchema = z.enum(['INTERNAL', 'EXTERNAL']);
export type ProjectType = z.infer<typeof ProjectTypeSchema>;

export const TaskStateSchema = z.enum([
  'PENDING',
  'IN_PROGRESS',
  'COMPLETED',
  'ARCHIVED',
  'FAILED',
]);
export type TaskState = z.infer<typeof TaskStateSchema>;

/** SPEC.md 4: why a task is paused or needs the person's attention. */
export const PauseReasonSchema = z.enum([
  'MANUAL',
  'ENV_VARIABLE',
  'NO_CREDITS',
  'FAILED_DEPLOYMENT',
  'APPROVAL_THRESHOLD',
  'USER_COMMIT',
  'OPEN_ROUTER_INVALID_KEY',
  'OPEN_ROUTER_NO_CREDITS',
  'MCP_SERVER_CONNECTION_ISSUES',
  'MCP_SERVER_USAGE_APPROVAL',
]);
export type PauseReason = z.infer<typeof PauseReasonSchema>;

/** SPEC.md 9: the seven models an AI provider serves; CLAUDE_SONNET_4_5 is the default. */
export const ProviderModelSchema = z.enum([
  'CLAUDE_SONNET_4_5',
  'CLAUDE_4_SONNET',
  'CLAUDE_3_7_SONNET',
  'GPT_4_1',
  'GPT_5',
  'GEMINI_2_5_PRO',
  'GEMINI_2_5_FLASH',
]);
export type ProviderModel = z.infer<typeof ProviderModelSchema>;

/**
 * Mason's offline demo model: beside SPEC.md 9's seven, offered only while no AI provider is
 * set up, so that a newcomer sees the whole loop. It is never charged.
 */
export const DEMO_MODEL = 'DEMO';

/**
 * The operator's own model: the one model an OpenAI-compatible endpoint serves (LLM_BASE_URL,
 * named by LLM_MODEL), beside SPEC.md 9's seven. People read it by that id, never by a
 * catalogue model's name, and it is priced only as the operator says (LLM_PRICE_*_PER_MTOK).
 */
export const ENDPOINT_MODEL = 'ENDPOINT';

/** Every model a task may name: the seven of SPEC.md 9, the operator's endpoint, the offline demo. */
export const ModelSchema = z.enum([...ProviderModelSchema.options, ENDPOINT_MODEL, DEMO_MODEL]);
export type Model = z.infer<typeof ModelSchema>;

export const DeviceTypeSchema = z.enum(['DESKTOP', 'MOBILE']);
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

/** SPEC.md 4: files are uploaded (UPLOAD) or images are sent inline as base64 (IMAGE). */
export const FileAttachmentModeSchema = z.enum(['UPLOAD', 'IMAGE']);
export type FileAttachmentMode = z.infer<typeof FileAttachmentModeSchema>;

/**
 * Task log entry types. USER_MESSAGE and AI_MESSAGE are SPEC.md's; the rest are ours: what
 * the agent did (tool calls and results, file changes, versions) and what needs the person.
 */
export const LogTypeSchema = z.enum([
  'USER_MESSAGE',
  'AI_MESSAGE',
  'TOOL_CALL',
  'TOOL_RESULT',
  'FILE_CHANGE',
  'VERSION',
  'ERROR',
  'NEEDS_ATTENTION',
  'STATUS',
  'TURN_COST',
]);
export type LogType = z.infer<typeof LogTypeSchema>;

export const ThemeModeSchema = z.enum(['light', 'dark', 'system']);
export type ThemeMode = z.infer<typeof ThemeModeSchema>;
