import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { demoAppFor } from './demo-app';
import { demoFollowUpStep } from './demo-follow-up';
import { textOf, type DemoStep } from './demo-prompt';
import { demoRepairStep, isRepairRequest } from './demo-repair';

/** What a person reads about the demo, and how real models are turned on. */
export const DEMO_MODEL_NOTE =
  'This was Mason’s offline demo model: it builds a small checklist app from your words. For real models, set ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or OPENROUTER_API_KEY (or LLM_BASE_URL and LLM_MODEL for a model of your own) and restart Mason.';

const NO_TOKENS = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** How Mason's check of the assistant's edits starts, when it found errors. */
const MASON_CHECK = 'Mason checked the project';

/**
 * The person's messages that shape the app, oldest first (the first is the project's
 * description): Mason's own notes and requests to fix an error name nothing to build.
 */
function userMessages(prompt: LanguageModelV3Prompt): string[] {
  return prompt
    .filter((message) => message.role === 'user')
    .map(textOf)
    .filter((text) => text.length > 0 && !text.startsWith(MASON_CHECK) && !isRepairRequest(text));
}

const text = (id: string, words: string): LanguageModelV3StreamPart[] => [
  { type: 'text-start', id },
  ...words
    .split(/(?<= )/)
    .map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

/** A step of the demo's repair or follow-up (DemoStep) as the stream's parts. */
function partsOf(step: DemoStep): LanguageModelV3StreamPart[] {
  if (!step.call) {
    return [
      ...text('answer', step.say),
      { type: 'finish', usage: NO_TOKENS, finishReason: { unified: 'stop', raw: 'stop' } },
    ];
  }
  return [
    ...text('plan', step.say),
    {
      type: 'tool-call',
      toolCallId: `demo-${step.call.toolName}-${Date.now().toString(36)}`,
      toolName: step.call.toolName,
      input: JSON.stringify(step.call.input),
    },
    {
      type: 'finish',
      usage: NO_TOKENS,
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    },
  ];
}

/**
 * One step of the demo. The project's first turn writes the app, then says what was built. A
 * later message changes the app by edits of its title and list lines (demoFollowUpStep), and a
 * message that asks to fix an error is repaired by an edit of the line that throws
 * (demoRepairStep): after the first turn the demo never rewrites the file, which would undo the
 * person's own changes.
 */
function stepParts(
  prompt: LanguageModelV3Prompt,
  tools: LanguageModelV3CallOptions['tools'],
): LanguageModelV3StreamPart[] {
  // Mason's check of the step's edits speaks as a user too; the request is the message before.
  const request = prompt.findLastIndex(
    (message) => message.role === 'user' && !textOf(message).startsWith(MASON_CHECK),
  );
  if (request >= 0 && isRepairRequest(textOf(prompt[request])))
    return partsOf(demoRepairStep(prompt, request));
  const app = demoAppFor(userMessages(prompt));
  // Only the project's first turn offers name_project: every later one is a follow-up.
  const firstTurn = tools?.some((tool) => tool.name === 'name_project') ?? false;
  if (!firstTurn && request >= 0)
    return partsOf(demoFollowUpStep(prompt, request, app, DEMO_MODEL_NOTE));
  if (prompt.at(-1)?.role === 'tool') {
    return [
      ...text(
        'answer',
        `Built ${app.title}: a checklist with ${app.items.join(', ')}. Tick items off, add your own, or remove them. ${DEMO_MODEL_NOTE}`,
      ),
      { type: 'finish', usage: NO_TOKENS, finishReason: { unified: 'stop', raw: 'stop' } },
    ];
  }
  // The project's first turn offers name_project: the demo names it after the app it builds.
  const naming = firstTurn
    ? [
        {
          type: 'tool-call' as const,
          toolCallId: `demo-name-${Date.now().toString(36)}`,
          toolName: 'name_project',
          input: JSON.stringify({ name: app.title }),
        },
      ]
    : [];
  return [
    ...text('plan', `Building ${app.title} with the offline demo model.`),
    ...naming,
    {
      type: 'tool-call',
      toolCallId: `demo-${Date.now().toString(36)}`,
      toolName: 'write_file',
      input: JSON.stringify({ path: 'src/App.tsx', content: app.source }),
    },
    {
      type: 'finish',
      usage: NO_TOKENS,
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    },
  ];
}

/**
 * Mason's offline demo model (SPEC.md 9's seven need a provider key): an AI SDK language model
 * that runs on this server, uses the person's words (a title and the items they name shape the
 * app) and reports no tokens, so it is never charged.
 */
export function createDemoModel(): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'mason-demo',
    modelId: 'demo-offline',
    supportedUrls: {},
    async doGenerate(options: LanguageModelV3CallOptions) {
      const parts = stepParts(options.prompt, options.tools);
      const content: LanguageModelV3Content[] = [];
      let finishReason: LanguageModelV3FinishReason = { unified: 'stop', raw: 'stop' };
      for (const part of parts) {
        if (part.type === 'text-start') content.push({ type: 'text', text: '' });
        else if (part.type === 'text-delta') {
          const last = content.at(-1);
          if (last?.type === 'text') last.text += part.delta;
        } else if (part.type === 'tool-call') content.push(part);
        else if (part.type === 'finish') finishReason = part.finishReason;
      }
      return { content, finishReason, usage: NO_TOKENS, warnings: [] };
    },
    async doStream(options: LanguageModelV3CallOptions) {
      const parts = stepParts(options.prompt, options.tools);
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          for (const part of parts) {
            if (options.abortSignal?.aborted) break;
            controller.enqueue(part);
          }
          controller.close();
        },
      });
      return { stream };
    },
  };
}
