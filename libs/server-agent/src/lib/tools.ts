import { tool, type ToolSet } from 'ai';
import { capOutput, countOccurrences, lineCount, TOOL_OUTPUT_MAX_CHARS } from './output';
import {
  DELETE_FILE_INPUT,
  EDIT_FILE_INPUT,
  NAME_PROJECT_INPUT,
  NO_INPUT,
  READ_FILE_INPUT,
  REQUEST_ENV_VARIABLE_INPUT,
  SEARCH_FILES_INPUT,
  WRITE_FILE_INPUT,
} from './tool-inputs';
import { createDatabaseTools, guardMigrationFiles, type DatabaseAccess } from './database-tools';
import { ToolError } from './tool-error';
import type { AgentToolState } from './tool-state';
import type { AgentFiles, Diagnostic } from './types';

export { createAgentToolState } from './tool-state';
export type { AgentToolState } from './tool-state';

export { MAX_PROJECT_NAME_WORDS } from './tool-inputs';

/** The tools the agent has, by name (DESIGN.md: the agent works through tools on the project's files). */
export const AGENT_TOOL_NAMES = [
  'list_files',
  'read_file',
  'write_file',
  'edit_file',
  'delete_file',
  'search_files',
  'check_project',
  'request_env_variable',
  'read_preview_errors',
  'name_project',
  'enable_database',
  'read_database_schema',
  'apply_migrations',
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

/** write_file refuses more than this (a generated source file is far smaller). */
export const WRITE_FILE_MAX_CHARS = 1_000_000;
/** search_files answers at most this many matching lines. */
export const SEARCH_MAX_MATCHES = 100;
const SEARCH_LINE_MAX_CHARS = 200;
const DIAGNOSTICS_MAX = 50;

/** "file:line:col message", one per line: errors first, then warnings. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  let where = diagnostic.file ?? '(project)';
  if (diagnostic.file !== null && diagnostic.line !== null) {
    where += `:${diagnostic.line}`;
    if (diagnostic.column !== null) where += `:${diagnostic.column}`;
  }
  const severity = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${where} ${severity}${diagnostic.message}`;
}

/** What check_project tells the model: "The project builds." or the errors, one per line. */
export function formatCheckResult(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  const list = (items: readonly Diagnostic[]) => {
    const shown = items.slice(0, DIAGNOSTICS_MAX).map(formatDiagnostic);
    if (items.length > DIAGNOSTICS_MAX) shown.push(`… and ${items.length - DIAGNOSTICS_MAX} more.`);
    return shown.join('\n');
  };
  if (errors.length === 0) {
    if (warnings.length === 0) return 'The project builds.';
    return `The project builds, with ${plural(warnings.length, 'warning')}:\n${list(warnings)}`;
  }
  let text = `The project does not build: ${plural(errors.length, 'error')}.\n${list(errors)}`;
  if (warnings.length > 0) text += `\n${plural(warnings.length, 'warning')}:\n${list(warnings)}`;
  return text;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function looksBinary(text: string): boolean {
  return text.includes('\u0000');
}

async function readExisting(files: AgentFiles, path: string): Promise<string> {
  const content = await files.read(path);
  if (content === null) {
    throw new ToolError(`There is no file at ${path}. Use list_files to see the project's files.`);
  }
  return content;
}

/** Lines of `content` from `fromLine` (1-based) within the output budget, with a note when cut. */
function readSlice(path: string, content: string, fromLine: number): string {
  const lines = content.split('\n');
  if (fromLine > lines.length) {
    throw new ToolError(
      `${path} has only ${lines.length} lines; fromLine ${fromLine} is past its end.`,
    );
  }
  let size = 0;
  let end = fromLine - 1;
  while (end < lines.length && size + lines[end].length + 1 <= TOOL_OUTPUT_MAX_CHARS) {
    size += lines[end].length + 1;
    end += 1;
  }
  if (end === fromLine - 1) {
    // One line longer than the budget: show its start.
    return capOutput(lines[end], 'This line is too long to show whole.');
  }
  const text = lines.slice(fromLine - 1, end).join('\n');
  if (end >= lines.length) return text;
  return `${text}\n[Output cut at line ${end} of ${lines.length}. Read on with read_file {"path": "${path}", "fromLine": ${end + 1}}.]`;
}

/**
 * The agent's tools over `files`. Every failure (a refused path, a missing file, an edit that
 * does not match) is thrown as an Error whose message the model reads as an error result; the
 * AI SDK turns it into a tool-error part, so the turn goes on. Tools run one at a time, in the
 * order the model called them, even when one step calls several (two edits of one file).
 */
/** An uncaught error the live preview of the app reported (the bridge in the person's browser). */
export interface PreviewErrorReport {
  readonly versionIndex: number;
  readonly kind: 'error' | 'unhandledrejection';
  readonly message: string;
  readonly stack: string | null;
  readonly page: string;
}

/** What read_preview_errors tells the model. */
export function formatPreviewErrors(reports: readonly PreviewErrorReport[]): string {
  if (reports.length === 0) return 'The preview reported no runtime errors.';
  return reports
    .map((report) => {
      const what =
        report.kind === 'unhandledrejection' ? 'Unhandled promise rejection' : 'Uncaught error';
      const stack = report.stack ? `\n${report.stack.split('\n').slice(0, 8).join('\n')}` : '';
      return `${what} in version ${report.versionIndex} on page ${report.page}: ${report.message}${stack}`;
    })
    .join('\n\n');
}

export function createAgentTools(
  projectFiles: AgentFiles,
  state: AgentToolState,
  previewErrors?: () => Promise<readonly PreviewErrorReport[]>,
  nameProject?: (name: string) => Promise<string>,
  database?: DatabaseAccess,
): ToolSet {
  // With the project's database, migration files are named by the rule and applied ones never change.
  const files = database ? guardMigrationFiles(projectFiles, database, state) : projectFiles;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    list_files: tool({
      description:
        "Lists every file of the project, one path per line (paths relative to the project's root).",
      inputSchema: NO_INPUT,
      execute: () =>
        serial(async () => {
          const paths = await files.list();
          if (paths.length === 0) return 'The project has no files yet.';
          return capOutput(
            `${plural(paths.length, 'file')}:\n${paths.join('\n')}`,
            'Use search_files to narrow it down.',
          );
        }),
    }),

    read_file: tool({
      description:
        'Reads a text file of the project and answers its exact content. Read a file before you edit it. Long files come in parts: the answer says how to read on.',
      inputSchema: READ_FILE_INPUT,
      execute: ({ path, fromLine }) =>
        serial(async () => {
          const content = await readExisting(files, path);
          if (looksBinary(content)) return `${path} is a binary file; it cannot be shown as text.`;
          if (content.length === 0) return `${path} is empty.`;
          return readSlice(path, content, fromLine ?? 1);
        }),
    }),

    write_file: tool({
      description:
        'Creates a file, or replaces a whole file, with the given content. Use it for new files; to change an existing file prefer edit_file.',
      inputSchema: WRITE_FILE_INPUT,
      execute: ({ path, content }) =>
        serial(async () => {
          if (content.length > WRITE_FILE_MAX_CHARS) {
            throw new ToolError(
              `That content is too large (${content.length} characters; at most ${WRITE_FILE_MAX_CHARS}). Split it into smaller files.`,
            );
          }
          const before = await files.read(path);
          await files.write(path, content);
          state.uncheckedWrites = true;
          if (before === null) return `Created ${path} (${plural(lineCount(content), 'line')}).`;
          return `Replaced ${path}: ${plural(lineCount(content), 'line')} now, ${lineCount(before)} before.`;
        }),
    }),

    edit_file: tool({
      description:
        'Changes part of a file: replaces old_string, which must occur exactly once in the file, by new_string. Copy old_string exactly from read_file (spaces and line breaks included) and keep it small: a few lines around the change, enough to be unique.',
      inputSchema: EDIT_FILE_INPUT,
      execute: ({ path, old_string: oldString, new_string: newString }) =>
        serial(async () => {
          if (oldString.length === 0) {
            throw new ToolError(
              'old_string is empty. Give the exact text to replace, or use write_file to create a file.',
            );
          }
          if (oldString === newString) {
            throw new ToolError('old_string and new_string are the same, so nothing would change.');
          }
          const content = await readExisting(files, path);
          const matches = countOccurrences(content, oldString);
          if (matches === 0) {
            throw new ToolError(
              `old_string was not found in ${path}. Read the file again and copy the text exactly, spaces and line breaks included.`,
            );
          }
          if (matches > 1) {
            throw new ToolError(
              `old_string occurs ${matches} times in ${path}; it must occur exactly once. Include more of the surrounding lines so it matches one place.`,
            );
          }
          const at = content.indexOf(oldString);
          const updated = content.slice(0, at) + newString + content.slice(at + oldString.length);
          await files.write(path, updated);
          state.uncheckedWrites = true;
          return `Edited ${path}: replaced ${plural(lineCount(oldString), 'line')} with ${plural(lineCount(newString), 'line')}.`;
        }),
    }),

    delete_file: tool({
      description: 'Deletes a file of the project.',
      inputSchema: DELETE_FILE_INPUT,
      execute: ({ path }) =>
        serial(async () => {
          const deleted = await files.delete(path);
          if (deleted) state.uncheckedWrites = true;
          if (!deleted) throw new ToolError(`There is no file at ${path}, so nothing was deleted.`);
          return `Deleted ${path}.`;
        }),
    }),

    search_files: tool({
      description:
        'Searches the text of the project\'s files for a plain string (not a regular expression; case-insensitive). Answers "path:line: text" per matching line.',
      inputSchema: SEARCH_FILES_INPUT,
      execute: ({ query, path }) =>
        serial(async () => {
          const scope = path?.replace(/^\.\//, '').replace(/\/+$/, '') ?? '';
          const paths = (await files.list()).filter(
            (candidate) =>
              scope === '' ||
              scope === '.' ||
              candidate === scope ||
              candidate.startsWith(`${scope}/`),
          );
          if (paths.length === 0) return `There are no files under ${scope}.`;
          const needle = query.toLowerCase();
          const matches: string[] = [];
          let more = 0;
          for (const candidate of paths) {
            const content = await files.read(candidate);
            if (content === null || looksBinary(content)) continue;
            const lines = content.split('\n');
            for (let index = 0; index < lines.length; index += 1) {
              if (!lines[index].toLowerCase().includes(needle)) continue;
              if (matches.length >= SEARCH_MAX_MATCHES) {
                more += 1;
                continue;
              }
              let text = lines[index].trim();
              if (text.length > SEARCH_LINE_MAX_CHARS)
                text = `${text.slice(0, SEARCH_LINE_MAX_CHARS)}…`;
              matches.push(`${candidate}:${index + 1}: ${text}`);
            }
          }
          if (matches.length === 0)
            return `No matches for "${query}"${scope ? ` under ${scope}` : ''}.`;
          if (more > 0)
            matches.push(
              `[${more} more matching lines not shown. Search for something more specific.]`,
            );
          return capOutput(matches.join('\n'), 'Search for something more specific.');
        }),
    }),

    check_project: tool({
      description:
        'Compiles the project as it is now and answers "The project builds." or its errors as "file:line:col message". Run it after every change and fix what it reports.',
      inputSchema: NO_INPUT,
      execute: () =>
        serial(async () => {
          const diagnostics = await files.check();
          state.uncheckedWrites = false;
          const errors = diagnostics.filter((d) => d.severity === 'error');
          if (errors.length > 0) {
            state.failedChecks += 1;
            state.lastCheckError = formatDiagnostic(errors[0]);
            state.lastCheckKind = 'build';
          } else if (state.lastCheckKind === 'build') {
            state.lastCheckError = null;
          }
          return capOutput(
            formatCheckResult(diagnostics),
            'Fix the first errors, then check again.',
          );
        }),
    }),

    ...(previewErrors && {
      read_preview_errors: tool({
        description:
          "Reads the newest runtime errors (uncaught errors, unhandled rejections) the app's live preview reported in the person's browser, newest first. Read them when the person says something is broken, and after fixing one check the project.",
        inputSchema: NO_INPUT,
        execute: async () =>
          capOutput(
            formatPreviewErrors(await previewErrors()),
            'Fix the first errors, then read them again.',
          ),
      }),
    }),

    ...(nameProject && {
      name_project: tool({
        description:
          'Names the project: a short name for the app, as a person would call it (at most four words, e.g. "Packing List", "Mug Shop"). Call it once, on the first turn.',
        inputSchema: NAME_PROJECT_INPUT,
        execute: ({ name }) => serial(() => nameProject(name)),
      }),
    }),

    ...(database && createDatabaseTools(files, database, state, serial)),

    request_env_variable: tool({
      description:
        'Asks the person for secret values the app needs (API keys, tokens), stored as environment variables of the project. Never invent a key or put a secret in the code. Your turn ends after this call; you continue when the person has answered.',
      inputSchema: REQUEST_ENV_VARIABLE_INPUT,
      execute: ({ keys, reason }) =>
        serial(async () => {
          state.envRequest = {
            keys: keys.map(({ key, description }) => ({ key, description })),
            reason,
          };
          return `The person has been asked for ${keys.map((k) => k.key).join(', ')}. Stop here: you will continue when they have answered.`;
        }),
    }),
  };
}
