import type { AgentDatabase } from './agent-database';
import type { PreviewErrorReport } from './tools';
import type { PublicFile } from './system-prompt';
import type { OutsideTools } from './outside-tools';
import type {
  McpCallRequest,
  Model,
  ModelProvider,
  ModelsResponse,
  PauseReason,
} from '@mason/contract';
import type { LanguageModel, ModelMessage } from 'ai';

/**
 * The project's files as the agent sees them during one turn: a working tree over the version
 * the turn started from. Paths are relative ('src/App.tsx'); the implementation refuses paths
 * that leave the project (throws a FilePathError whose message the model can read).
 */
export interface AgentFiles {
  /** Every path, sorted. */
  list(): Promise<string[]>;
  /** utf8 text, or null when there is no such file. */
  read(path: string): Promise<string | null>;
  write(path: string, content: string): Promise<void>;
  /** False when there was no such file. */
  delete(path: string): Promise<boolean>;
  /** Compiles the project as it is now; an empty list means it builds. */
  check(): Promise<readonly Diagnostic[]>;
}

/** A compile error or warning, located in a project file. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  /** Project-relative path, or null when the error is not in a file (e.g. a missing entry). */
  readonly file: string | null;
  /** 1-based; null when unknown. */
  readonly line: number | null;
  /** 1-based; null when unknown. */
  readonly column: number | null;
  readonly message: string;
}

/** Where each provider is reached and with which key (from the environment, later per user). */
export interface AgentConfig {
  readonly anthropic?: { readonly apiKey: string; readonly baseUrl?: string };
  readonly openai?: { readonly apiKey: string; readonly baseUrl?: string };
  readonly google?: { readonly apiKey: string; readonly baseUrl?: string };
  readonly openrouter?: { readonly apiKey: string; readonly baseUrl?: string };
  /**
   * Where OpenRouter is reached with a person's own key (OPENROUTER_BASE_URL, also without the
   * server's own OPENROUTER_API_KEY); unset: OpenRouter's own address.
   */
  readonly openRouterBaseUrl?: string;
  /**
   * An OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY): a gateway or a local model
   * server, offered as one model of its own (ENDPOINT). `model` (LLM_MODEL) is the id it is
   * asked for and the name people read; the catalogue's models never run on it.
   */
  readonly compatible?: {
    readonly baseUrl: string;
    readonly apiKey?: string;
    readonly model: string;
  };
}

/** A model ready to run (with the name people read for it), or why it cannot. */
export type ResolvedModel =
  | {
      readonly ok: true;
      readonly provider: ModelProvider;
      readonly model: LanguageModel;
      /** "Claude Sonnet 4.5", "qwen2.5-coder (your endpoint)". */
      readonly label: string;
      /** It runs on the person's own OpenRouter key: OpenRouter charges them, Mason does not. */
      readonly ownKey?: true;
    }
  | { readonly ok: false; readonly message: string };

/** Who asks: a person who connected their own OpenRouter account runs the catalogue on its key. */
export interface ModelCaller {
  /** The person's OpenRouter key, or null. */
  readonly openRouterKey?: string | null;
}

export interface ModelRegistry {
  /**
   * GET /models: the seven models and whether each can run here (and the endpoint's, the demo).
   * With `ownKey` (the caller connected OpenRouter), the seven run on the caller's key.
   */
  options(caller?: { readonly ownKey: boolean }): ModelsResponse;
  resolve(model: Model, caller?: ModelCaller): ResolvedModel;
  /**
   * The model a task gets when its caller names none: CLAUDE_SONNET_4_5 whenever it can run
   * here, else the first model that can; the offline demo when no provider is set up (the same
   * rule as the browser's preselection, so a turn never starts on a model that cannot run).
   */
  defaultModel(caller?: { readonly ownKey: boolean }): Model;
}

/** The bounds of one turn. */
export interface TurnLimits {
  /** Model calls (steps) in one turn at most. */
  readonly maxSteps: number;
  /** Failed checks the agent may try to repair in one turn before it stops and says so. */
  readonly maxRepairs: number;
  /** APPROVAL_THRESHOLD: after this many steps, or this many tokens, the turn stops and asks to go on. */
  readonly approvalSteps: number;
  readonly approvalTokens: number;
}

/** What happens during a turn, in order. The caller stores each (log entries) and streams deltas. */
export type AgentEvent =
  | { readonly type: 'text-delta'; readonly draftId: string; readonly text: string }
  /** The whole text of one message (the deltas of draftId, joined). */
  | { readonly type: 'text'; readonly draftId: string; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: Record<string, unknown>;
    }
  | {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      /** What the model was told. */
      readonly output: string;
      readonly isError: boolean;
    }
  /** Tokens of one model call. */
  | { readonly type: 'usage'; readonly inputTokens: number; readonly outputTokens: number };

/** How a turn ended. */
export type TurnOutcome =
  | { readonly kind: 'completed' }
  /** The agent asked for secrets (request_env_variable); the turn stops until they are given. */
  | {
      readonly kind: 'needs-attention';
      readonly reason: PauseReason;
      /** What to tell the person, in words they can act on. */
      readonly message: string;
      /** ENV_VARIABLE: the keys asked for. */
      readonly envKeys?: readonly { readonly key: string; readonly description: string }[];
      /** MCP_SERVER_USAGE_APPROVAL: the call waiting for the person's answer. */
      readonly mcpCall?: McpCallRequest;
      /** MCP_SERVER_*: the server's name. */
      readonly mcpServerName?: string;
    }
  /** The provider or the turn failed in a way a retry may fix (429, 5xx, network, malformed answers). */
  | { readonly kind: 'failed'; readonly message: string; readonly code: string }
  /** The signal was aborted (pause, shutdown). */
  | { readonly kind: 'aborted' };

export interface RunTurnOptions {
  readonly model: LanguageModel;
  /** Which provider serves it: 401/402 from OpenRouter become OPEN_ROUTER_* reasons. */
  readonly provider: ModelProvider;
  /** The model runs on the person's own OpenRouter key: those reasons speak of their account. */
  readonly ownKey?: boolean;
  /** The conversation so far, ending with the person's newest message (see historyFromLogs). */
  readonly messages: readonly ModelMessage[];
  readonly files: AgentFiles;
  readonly limits: TurnLimits;
  /** Extra instructions (the task's additionalInstructions, a note on provided env variables). */
  readonly instructions?: string;
  /** The npm packages the generated app may import (told to the model in the system prompt). */
  readonly runtimePackages?: readonly string[];
  /** The names of the project's environment variables; their values never reach the model. */
  readonly envKeys?: readonly string[];
  /** The files of the app's public/ folder (assets), told to the model in the system prompt. */
  readonly publicFiles?: readonly PublicFile[];
  readonly signal?: AbortSignal;
  /** Called for every event, awaited in order (the caller stores log entries). */
  readonly onEvent: (event: AgentEvent) => Promise<void> | void;
  /** The app's newest runtime errors from the live preview (read_preview_errors); no tool without it. */
  readonly previewErrors?: () => Promise<readonly PreviewErrorReport[]>;
  /**
   * Names the project (name_project, offered on a project's first turn while it has the name
   * Mason made from its description): answers what the model is told. No tool without it.
   */
  readonly nameProject?: (name: string) => Promise<string>;
  /**
   * The project's built-in database (issue 34): with it the model can turn it on, read its
   * schema and apply migrations (db/migrations/NNN_name.sql), and the system prompt teaches
   * supabase-js, row-level security and sign-in. No database tools without it.
   */
  readonly database?: AgentDatabase;
  /**
   * Tools from the project's MCP servers (issue 35): offered as `mcp__{server}__{tool}`; one that
   * asks to be asked stops the turn with MCP_SERVER_USAGE_APPROVAL, a server that cannot be
   * reached with MCP_SERVER_CONNECTION_ISSUES. No outside tools without it.
   */
  readonly outsideTools?: OutsideTools;
  /** Asked before every model call: false stops the turn with NO_CREDITS (the budget ran out). */
  readonly hasBudget?: () => Promise<boolean> | boolean;
}
