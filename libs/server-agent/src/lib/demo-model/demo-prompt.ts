import type { LanguageModelV3Prompt } from '@ai-sdk/provider';

/** The demo's app lives in one file. */
export const APP_FILE = 'src/App.tsx';

/** One step of the demo: what it says, and the tool it calls (none: the turn ends). */
export interface DemoStep {
  readonly say: string;
  readonly call?: {
    readonly toolName: 'read_file' | 'edit_file' | 'write_file';
    readonly input: object;
  };
}

/** The words of a message from the person (or Mason speaking as them); '' for any other. */
export const textOf = (message: LanguageModelV3Prompt[number] | undefined) =>
  message?.role === 'user'
    ? message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('\n')
        .trim()
    : '';

/** A tool's answer in the conversation: its tool, its text, and whether it failed. */
export interface DemoToolResult {
  readonly toolName: string;
  readonly text: string;
  readonly failed: boolean;
}

/** The text of the tool results after the message at `from`, in order, with the tools' names. */
export function resultsSince(prompt: LanguageModelV3Prompt, from: number): DemoToolResult[] {
  return prompt.slice(from + 1).flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  toolName: part.toolName,
                  text:
                    part.output.type === 'text' || part.output.type === 'error-text'
                      ? part.output.value
                      : '',
                  failed: part.output.type === 'error-text',
                },
              ]
            : [],
        )
      : [],
  );
}
