import type { TaskLogOf } from '@mason/contract';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What check_project found, from its result: "2 errors", "no errors". */
function checkOutcome(result: string): string {
  const errors = /does not build: (\d+) errors?/.exec(result);
  if (errors) return plural(Number(errors[1]), 'error');
  if (/^The project builds/.test(result)) return 'no errors';
  return 'see the details';
}

/**
 * One line on what a tool did, as a person reads it: "Read src/App.tsx", "Edited
 * src/App.tsx", "Checked the build: 2 errors". While the tool runs, the present tense.
 */
export function describeToolActivity(
  call: TaskLogOf<'TOOL_CALL'> | null,
  result: TaskLogOf<'TOOL_RESULT'> | null,
): string {
  const name = call?.payload.toolName ?? result?.payload.toolName ?? 'tool';
  const input = call?.payload.input ?? {};
  const path = text(input['path']);
  const done = result !== null;
  const failed = result?.payload.isError === true;
  const on = (verb: string, pending: string, what: string | null) =>
    `${failed ? `Could not ${verb.toLowerCase()}` : done ? verb : pending}${what ? ` ${what}` : ''}`;

  // A tool of an MCP server the person connected: mcp__{server}__{tool}.
  const outside = /^mcp__([a-z][a-z0-9-]*)__(.+)$/.exec(name);
  if (outside) {
    const what = `${outside[2]} of ${outside[1]}`;
    return failed ? `Did not use ${what}` : done ? `Used ${what}` : `Using ${what}`;
  }

  switch (name) {
    case 'list_files':
      return failed ? 'Could not list the files' : done ? 'Listed the files' : 'Listing the files';
    case 'read_file':
      return failed ? `Could not read ${path ?? 'a file'}` : on('Read', 'Reading', path);
    case 'write_file':
      return failed ? `Could not write ${path ?? 'a file'}` : on('Wrote', 'Writing', path);
    case 'edit_file':
      return failed ? `Could not edit ${path ?? 'a file'}` : on('Edited', 'Editing', path);
    case 'delete_file':
      return failed ? `Could not delete ${path ?? 'a file'}` : on('Deleted', 'Deleting', path);
    case 'search_files': {
      const query = text(input['query']);
      const what = query ? `for “${query}”` : null;
      return failed
        ? `Could not search${what ? ` ${what}` : ''}`
        : on('Searched', 'Searching', what);
    }
    case 'check_project':
      if (!result) return 'Checking the build';
      return failed
        ? 'Could not check the build'
        : `Checked the build: ${checkOutcome(result.content)}`;
    case 'name_project': {
      const name = text(input['name']);
      if (failed) return 'Could not name the project';
      return done ? `Named the project${name ? ` “${name}”` : ''}` : 'Naming the project';
    }
    case 'request_env_variable':
      return done ? 'Asked for secrets' : 'Asking for secrets';
    case 'read_preview_errors':
      return failed
        ? 'Could not read the preview’s errors'
        : done
          ? 'Read the preview’s errors'
          : 'Reading the preview’s errors';
    case 'enable_database':
      return failed
        ? 'Could not turn on the database'
        : done
          ? 'Turned on the database'
          : 'Turning on the database';
    case 'read_database_schema':
      return failed
        ? 'Could not read the database’s tables'
        : done
          ? 'Read the database’s tables'
          : 'Reading the database’s tables';
    case 'apply_migrations':
      // A migration that fails is fed back to the assistant as a result that is no error.
      if (!result) return 'Applying the database changes';
      if (failed) return 'Could not apply the database changes';
      return /^db\/migrations\/[^:]+:/m.test(result.content)
        ? 'A database change failed: fixing it'
        : 'Applied the database changes';
    default:
      return failed ? `${name} failed` : done ? `Ran ${name}` : `Running ${name}`;
  }
}
