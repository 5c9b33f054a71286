import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { ITEMS_LINE, TITLE_LINE, itemsLine, titleLine, type DemoApp } from './demo-app';
import { APP_FILE, resultsSince, type DemoStep } from './demo-prompt';

/** The one place in `source` a line pattern matches, or null (none, or more than one). */
function onlyLine(source: string, pattern: RegExp): string | null {
  const found = source.match(pattern) ?? [];
  return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * A message to the demo after the project's first turn (a later message names more items, or
 * renames the app, or a new task starts): it reads src/App.tsx and changes only the title and
 * list lines with edit_file, one edit per step, so whatever else is in the file (the person's
 * visual edits, their own code) stays as it is. A project without the file gets the demo's app
 * written. A file without the demo's lines is rewritten as the demo's app only on a task's first
 * turn (a new task asked for it); later in a conversation it is left alone, and the demo says so.
 * `request` is the index of the person's message.
 */
export function demoFollowUpStep(
  prompt: LanguageModelV3Prompt,
  request: number,
  app: DemoApp,
  note: string,
): DemoStep {
  const write: DemoStep = {
    say: `Building ${app.title} with the offline demo model.`,
    call: { toolName: 'write_file', input: { path: APP_FILE, content: app.source } },
  };
  const tasksFirstTurn = !prompt.slice(0, request).some((message) => message.role === 'assistant');
  const results = resultsSince(prompt, request);
  const failed = results.find(
    (result) =>
      result.failed && (result.toolName === 'edit_file' || result.toolName === 'write_file'),
  );
  if (failed) {
    return {
      say: `The offline demo model could not make its change (${failed.text}), so ${APP_FILE} is as it was. Say what to change, or use a real model.`,
    };
  }
  if (results.some((result) => result.toolName === 'write_file'))
    return { say: `Built ${app.title}: a checklist with ${app.items.join(', ')}. ${note}` };

  const read = results.find((result) => result.toolName === 'read_file');
  if (!read) {
    return {
      say: `Updating ${app.title} with the offline demo model.`,
      call: { toolName: 'read_file', input: { path: APP_FILE } },
    };
  }
  // Nothing to keep: the project has no app file yet.
  if (read.failed) return write;

  const title = onlyLine(read.text, TITLE_LINE);
  const items = onlyLine(read.text, ITEMS_LINE);
  if (title === null || items === null) {
    if (tasksFirstTurn) return write;
    return {
      say: `${APP_FILE} is no longer the offline demo's checklist (its title or list line changed), so the demo model changed nothing. Say what to change with a real model.`,
    };
  }
  // The edits made so far this turn come first in the file's order: title, then list.
  const edits = [
    { oldString: title, newString: titleLine(app.title) },
    { oldString: items, newString: itemsLine(app.items) },
  ].filter((edit) => edit.oldString !== edit.newString);
  const changed = `${edits.map((edit) => (edit.oldString === title ? 'title' : 'list')).join(' and ')} ${edits.length === 1 ? 'line' : 'lines'}`;
  const made = results.filter((result) => result.toolName === 'edit_file').length;
  const next = edits[made];
  if (next) {
    return {
      say: made === 0 ? `Changing only the ${changed} of ${APP_FILE}.` : 'Now the list line.',
      call: {
        toolName: 'edit_file',
        input: { path: APP_FILE, old_string: next.oldString, new_string: next.newString },
      },
    };
  }
  if (made === 0)
    return {
      say: `${app.title} already lists ${app.items.join(', ')}: nothing to change. Name items to add ("add milk and eggs"), or "call it …" to rename it. ${note}`,
    };
  return {
    say: `Updated ${app.title}: a checklist with ${app.items.join(', ')}. Only the ${changed} of ${APP_FILE} changed; the rest of the file, your own edits included, is as it was. ${note}`,
  };
}
