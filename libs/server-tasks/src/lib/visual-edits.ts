import { type VisualEdit, type VisualEditsRequest } from '@mason/contract';
import type { ProjectRow, VersionManifest, VersionRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { isUuid } from '@mason/server-db';
import { posix } from 'node:path';
import {
  applyListItemEdit,
  applyPropTextEdit,
  propTextRefusal,
  applyVisualEdits,
  type ElementEdit,
  type ListItemElsewhere,
  type PropTextElsewhere,
} from '@mason/server-preview';
import {
  FilePathError,
  WorkingTree,
  lockProject,
  normalizeProjectPath,
  projectUploadsSize,
  versionUsesTailwind,
  WorkspaceError,
} from '@mason/server-workspace';
import { twMerge } from 'tailwind-merge';
import type { TasksContext } from './tasks-context';
import { newestTaskOf } from './task-records.repository';
import { withTask } from './tasks.repository';
import { commitTree } from './version-entries';

const unprocessable = (message: string) => new RuleViolation('unprocessable', message);

/** The workspace's refusals (a binary file, a full project) in the caller's words. */
function unprocessableWorkspaceError(error: unknown): never {
  throw error instanceof WorkspaceError ? unprocessable(error.message) : error;
}

/** The edit's file as the project names it; invalid for a path that is no file of a project. */
function projectPath(filePath: string, index: number): string {
  try {
    return normalizeProjectPath(filePath);
  } catch (error) {
    if (!(error instanceof FilePathError)) throw error;
    throw new RuleViolation('invalid', error.message, {
      [`edits.${index}.selectedLayout.filePath`]: error.message,
    });
  }
}

/**
 * The element edit of a visual edit. In a Tailwind app, its class list goes through
 * tailwind-merge first: of classes that set the same thing ('p-4 p-6'), the last one stays, so
 * the source holds no conflict and the app renders what the person chose last.
 */
function elementEdit(edit: VisualEdit, tailwind: boolean): ElementEdit {
  const { line, column } = edit.selectedLayout;
  if (edit.command === 'DELETE') return { location: { line, column }, change: { kind: 'delete' } };
  const className =
    edit.newClassValue !== undefined && tailwind ? twMerge(edit.newClassValue) : edit.newClassValue;
  return {
    location: { line, column },
    change: {
      kind: 'update',
      ...(className !== undefined && { className }),
      ...(edit.previousClassValue !== undefined && {
        previousClassName:
          className !== undefined && tailwind
            ? overriddenLeftOut(edit.previousClassValue, className)
            : edit.previousClassValue,
      }),
      ...(edit.newTextContent !== undefined && { textContent: edit.newTextContent }),
      ...(edit.previousTextContent !== undefined && {
        previousTextContent: edit.previousTextContent,
      }),
      ...(edit.newStyle !== undefined && { style: edit.newStyle }),
      ...(edit.newSrc !== undefined && { src: edit.newSrc }),
    },
  };
}

const classTokens = (className: string) => className.split(/\s+/).filter(Boolean);

/**
 * The classes the element had, without those a new class overrides: a component's own class
 * (`text-muted-foreground` from the kit's cn()) that the person replaced (`text-primary`) is not
 * removed from any source; the new class is written where the element is used, and the
 * component's cn() lets it win.
 */
function overriddenLeftOut(previous: string, wanted: string): string {
  const wantedTokens = new Set(classTokens(wanted));
  const rendered = new Set(classTokens(twMerge(`${previous} ${wanted}`)));
  return classTokens(previous)
    .filter((token) => rendered.has(token) || wantedTokens.has(token))
    .join(' ');
}

/** What a relative import names: the file itself, or it with a source extension or as a folder. */
const MODULE_CANDIDATES = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

/** Makes a list item's change in the module that exports the list (relative to `filePath`). */
async function editListElsewhere(
  tree: WorkingTree,
  filePath: string,
  elsewhere: ListItemElsewhere,
  refusal: string,
): Promise<void> {
  const base = posix.normalize(posix.join(posix.dirname(filePath), elsewhere.from));
  if (base.startsWith('..')) throw unprocessable(refusal);
  for (const candidate of MODULE_CANDIDATES) {
    const path = `${base}${candidate}`;
    const code = await tree.read(path).catch(() => null);
    if (code === null) continue;
    const outcome = applyListItemEdit(code, path, elsewhere);
    if (!outcome.ok) throw unprocessable(outcome.message);
    await tree.write(path, outcome.code).catch(unprocessableWorkspaceError);
    return;
  }
  throw unprocessable(refusal);
}

/** Source files where a component may be used: the app's JSX and TSX modules. */
const COMPONENT_FILE = /\.[jt]sx$/i;

/**
 * Makes a prop's text change where the component is used: the one `<Component prop="…">` in
 * the project's files that shows the text the person saw. None, or more than one, refuses.
 */
async function editPropElsewhere(tree: WorkingTree, elsewhere: PropTextElsewhere): Promise<void> {
  const changed: { path: string; code: string }[] = [];
  let uses = 0;
  for (const path of await tree.list()) {
    if (!COMPONENT_FILE.test(path) || path.startsWith('node_modules/')) continue;
    const code = await tree.read(path).catch(() => null);
    if (code === null) continue;
    const outcome = applyPropTextEdit(code, path, elsewhere);
    if (outcome.uses === 0) continue;
    uses += outcome.uses;
    changed.push({ path, code: outcome.code });
  }
  if (uses !== 1) throw unprocessable(propTextRefusal(elsewhere, uses));
  for (const { path, code } of changed)
    await tree.write(path, code).catch(unprocessableWorkspaceError);
}

/** 'the text of <h1>' …: one line per edit for the version's summary. */
function describe(edit: VisualEdit): string {
  const element = `<${edit.selectedLayout.tagName}>`;
  if (edit.command === 'DELETE') return `deleted ${element}`;
  const what = [
    edit.newClassValue !== undefined && 'class',
    edit.newTextContent !== undefined && 'text',
    edit.newStyle !== undefined && 'style',
    edit.newSrc !== undefined && 'image source',
  ].filter(Boolean);
  const list = what.length > 1 ? `${what.slice(0, -1).join(', ')} and ${what.at(-1)}` : what[0];
  return `changed the ${list} of ${element}`;
}

/**
 * The person's edits from the preview, applied to the source by AST transforms
 * (@mason/server-preview), as one new version recorded on the project's newest task (or the task
 * given) with its FILE_CHANGE and VERSION entries. Refused (conflict) when the project moved on
 * from `baseVersionId` or the assistant is working on it, and (unprocessable) when an edit cannot
 * be made safely, e.g. text that comes from code; nothing is written then.
 */
export class VisualEdits {
  constructor(private readonly ctx: Pick<TasksContext, 'db' | 'loop' | 'config' | 'preview'>) {}

  async apply(project: ProjectRow, request: VisualEditsRequest): Promise<VersionRow> {
    const { taskId, baseVersionId } = request;
    const edits = request.edits.map((edit, index) => ({
      ...edit,
      selectedLayout: {
        ...edit.selectedLayout,
        filePath: projectPath(edit.selectedLayout.filePath, index),
      },
    }));
    if (taskId !== undefined && !isUuid(taskId))
      throw new RuleViolation('not-found', 'That task is not part of this project.');
    const task = await newestTaskOf(this.ctx.db, project.id, taskId);
    if (!task)
      throw new RuleViolation(
        'not-found',
        taskId
          ? 'That task is not part of this project.'
          : 'This project has no task to record the edits on.',
      );

    const { result } = await withTask(this.ctx.db, this.ctx.loop.bus, task.id, async (writer) => {
      const { state, pauseReason } = writer.task;
      if ((state === 'PENDING' || state === 'IN_PROGRESS') && pauseReason === null) {
        throw new RuleViolation(
          'conflict',
          'The assistant is working on this project. Wait until it finishes, or pause it, then save your edits.',
        );
      }
      await lockProject(writer.tx, project.id);
      const latest = await this.ctx.loop.versions.latestVersion(writer.tx, project.id);
      if (!latest || latest.id !== baseVersionId) {
        throw new RuleViolation(
          'conflict',
          `The app changed since you started editing (it is now version ${latest?.index ?? 0}). Your edits were not saved: reload the preview and make them again.`,
        );
      }
      const uploads = await projectUploadsSize(writer.tx, project.id);
      const tree = new WorkingTree(writer.tx, latest, {
        maxBytes: Math.max(0, this.ctx.config.projectMaxBytes - uploads),
      });
      const byFile = new Map<string, VisualEdit[]>();
      for (const edit of edits) {
        const list = byFile.get(edit.selectedLayout.filePath) ?? [];
        list.push(edit);
        byFile.set(edit.selectedLayout.filePath, list);
      }
      const tailwind = await versionUsesTailwind(writer.tx, latest.manifest as VersionManifest);
      for (const [filePath, fileEdits] of byFile) {
        // A binary file, or a project with no room left: the edit cannot be made.
        const code = await tree.read(filePath).catch(unprocessableWorkspaceError);
        if (code === null)
          throw unprocessable(`There is no file ${filePath} in this version of the app.`);
        let pending = fileEdits.map((edit) => elementEdit(edit, tailwind));
        for (;;) {
          const outcome = applyVisualEdits(code, filePath, pending);
          if (outcome.ok) {
            if (outcome.code !== code)
              await tree.write(filePath, outcome.code).catch(unprocessableWorkspaceError);
            break;
          }
          if (!outcome.elsewhere) throw unprocessable(outcome.message);
          // A list item whose list another module exports, or a prop's text: changed there.
          if (outcome.elsewhere.kind === 'prop') await editPropElsewhere(tree, outcome.elsewhere);
          else await editListElsewhere(tree, filePath, outcome.elsewhere, outcome.message);
          pending = pending.filter((_, index) => index !== outcome.elsewhere?.editIndex);
        }
      }
      const summary = `Visual edit: ${edits.map(describe).join('; ')}`.slice(0, 300);
      const made = await commitTree(writer, this.ctx.preview, project.id, tree, summary, 'PERSON');
      if (!made) throw unprocessable('These edits change nothing in the source.');
      return made;
    });
    return result;
  }
}
