// A linked project's branch with commits Mason did not make: what a turn asks before it runs.

/**
 * Commits made outside Mason on a linked project's branch (apps/api wires server-code-hosting):
 * looked for before each turn, and pulled in (a new version) when the person continues.
 */
export interface OutsideCommitsPort {
  /** The commits someone pushed since Mason's last version; null when none (or not linked). */
  check(projectId: string): Promise<{ count: number; branch: string } | null>;
  /** Brings them in as a new version; answers why it could not, or null. */
  pull(projectId: string): Promise<string | null>;
}

/** The note of a turn queued by continuing a USER_COMMIT pause: it pulls before it runs. */
export const USER_COMMIT_NOTE =
  'Commits pushed to GitHub outside Mason were brought in as a new version just before this step. Read the files again before you change them, then continue where you left off.';

/** The card of a USER_COMMIT pause. */
export function userCommitMessage(count: number, branch: string): string {
  return `Someone pushed ${count} ${count === 1 ? 'commit' : 'commits'} to ${branch} on GitHub since Mason's last version. Continue to bring them in first, so the assistant works on top of them.`;
}
