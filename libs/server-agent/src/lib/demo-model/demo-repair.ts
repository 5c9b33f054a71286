import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { APP_FILE, resultsSince, textOf, type DemoStep } from './demo-prompt';

/** What the person's chat carries when an error is to be fixed: Mason's report, or Fix with AI. */
const REPAIR_REQUESTS = [
  "[Mason: the app's live preview reported an error]",
  'Fix these errors from the preview',
] as const;

/** A message that asks for an error to be fixed, not for something to build. */
export const isRepairRequest = (text: string) =>
  REPAIR_REQUESTS.some((start) => text.trimStart().startsWith(start));

/** A `throw new XError(…)` of the app and the edit that stops it throwing. */
interface ThrowFix {
  readonly oldString: string;
  readonly newString: string;
  readonly message: string;
}

const THROW = /throw new (\w*Error)\(([^;\n]*)\)/g;

/**
 * The throw that the error reported comes from (its message's text is in the report), or the
 * only throw of the file: replaced by a console.error of the same error, which the app survives.
 * Null when no throw fits, or it is not one place in the file.
 */
export function throwFixFor(source: string, report: string): ThrowFix | null {
  const candidates = [...source.matchAll(THROW)].map((match) => {
    const literal = /^\s*(['"`])(.*)\1\s*$/.exec(match[2]);
    return {
      oldString: match[0],
      newString: `console.error(new ${match[1]}(${match[2]}))`,
      message: literal ? literal[2] : match[2],
    };
  });
  const named = candidates.filter(
    (candidate) => candidate.message.length > 0 && report.includes(candidate.message),
  );
  const chosen = named.length > 0 ? named[0] : candidates.length === 1 ? candidates[0] : null;
  if (!chosen || source.split(chosen.oldString).length !== 2) return null;
  return chosen;
}

/**
 * The demo model's repair (the person's newest message asks to fix an error): it reads the app,
 * changes only the line that throws with edit_file (a diff, so whatever the person changed in
 * the file stays), and says what it did; when it cannot find the cause it changes nothing and
 * says so. `request` is the index of that message in the prompt.
 */
export function demoRepairStep(prompt: LanguageModelV3Prompt, request: number): DemoStep {
  const report = textOf(prompt[request]);
  const results = resultsSince(prompt, request);
  const edited = results.find((result) => result.toolName === 'edit_file');
  if (edited) {
    return {
      say: edited.failed
        ? `The offline demo model could not make its fix (${edited.text}), so nothing changed. Say what to fix, or use a real model.`
        : `Fixed it: the line of ${APP_FILE} that threw now logs the error to the console instead. Only that line changed; everything else in the file, your own edits included, is as it was.`,
    };
  }
  const read = results.find((result) => result.toolName === 'read_file');
  if (!read) {
    return {
      say: 'Looking for the cause of the error with the offline demo model.',
      call: { toolName: 'read_file', input: { path: APP_FILE } },
    };
  }
  const fix = read.failed ? null : throwFixFor(read.text, report);
  if (!fix) {
    return {
      say: `The offline demo model could not find what throws in ${APP_FILE}, so it changed nothing. Say what to fix, or use a real model.`,
    };
  }
  return {
    say: `The error comes from \`${fix.oldString}\` in ${APP_FILE}: changing only that line.`,
    call: {
      toolName: 'edit_file',
      input: { path: APP_FILE, old_string: fix.oldString, new_string: fix.newString },
    },
  };
}
