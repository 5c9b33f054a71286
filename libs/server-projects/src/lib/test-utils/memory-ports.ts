import { DEFAULT_MODEL, type Task } from '@mason/contract';
import { type Database, taskTurns, tasks } from '@mason/server-db';
import { eq } from 'drizzle-orm';
import type { BudgetCheck } from '@mason/server-billing';
import type {
  ImportedRepository,
  ProjectPreviewPort,
  ProjectRepositoriesPort,
  ProjectTasksPort,
  RepositoryImportRefusal,
} from '../projects-context';

/**
 * The tasks port as a spec drives it: the budget is what the spec sets, a first task is a row
 * with one queued turn, and the spec ends turns itself (no agent runs).
 */
export class MemoryTasksPort implements ProjectTasksPort<string> {
  budget: BudgetCheck = { ok: true };
  /** The plan's project limit the spec sets (null: none). */
  projectLimit: number | null = null;
  readonly started: string[] = [];
  readonly deleted: string[] = [];

  constructor(private readonly db: Database) {}

  async checkBudget(): Promise<BudgetCheck> {
    return this.budget;
  }

  async maxProjects(): Promise<number | null> {
    return this.projectLimit;
  }

  async prepareFirstMessage(input: { content: string }): Promise<string> {
    return input.content;
  }

  async createFirstTask(
    tx: Parameters<ProjectTasksPort['createFirstTask']>[0],
    description: string,
    values: { projectId: string; userId: string },
  ): Promise<{ task: Task; turnId: string }> {
    const [row] = await tx
      .insert(tasks)
      .values({ ...values, description, state: 'IN_PROGRESS', model: DEFAULT_MODEL })
      .returning();
    const [turn] = await tx
      .insert(taskTurns)
      .values({ taskId: row.id, status: 'QUEUED', trigger: 'START' })
      .returning();
    const task: Task = {
      id: row.id,
      projectId: row.projectId,
      description: row.description,
      state: 'IN_PROGRESS',
      pauseReason: null,
      model: DEFAULT_MODEL,
      branch: null,
      repositoryId: null,
      additionalInstructions: null,
      latestVersionId: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { task, turnId: turn.id };
  }

  async startTurn(turnId: string): Promise<void> {
    this.started.push(turnId);
  }

  projectDeleted(_projectId: string, taskIds: readonly string[]): void {
    this.deleted.push(...taskIds);
  }

  /** Ends the task's turns as the agent would: done, or failed. */
  async finish(taskId: string, outcome: 'COMPLETED' | 'FAILED'): Promise<void> {
    await this.db
      .update(taskTurns)
      .set({ status: outcome === 'COMPLETED' ? 'DONE' : 'FAILED', finishedAt: new Date() })
      .where(eq(taskTurns.taskId, taskId));
    await this.db
      .update(tasks)
      .set({ state: outcome, updatedAt: new Date() })
      .where(eq(tasks.id, taskId));
  }
}

/** Preview and app URLs under fixed test origins. */
export const memoryPreview: ProjectPreviewPort = {
  envChanged: () => undefined,
  url: (projectId) => `http://${projectId}.preview.test/`,
  signed: (_session, projectId) => ({
    url: `http://${projectId}.preview.test/?token=t`,
    origin: `http://${projectId}.preview.test`,
    expiresAt: new Date(Date.now() + 60_000),
  }),
  appUrl: (slug) => `http://${slug}.apps.test/`,
};

/**
 * Repositories as a spec sets them, by address: what an import reads, or why it is refused.
 * (apps/api's import specs clone from a real git server.)
 */
export class MemoryRepositoriesPort implements ProjectRepositoriesPort {
  readonly repositories = new Map<string, ImportedRepository | RepositoryImportRefusal>();
  /** Every import asked for, in order. */
  readonly requests: { userId: string; url?: string; repositoryId?: string; branch?: string }[] =
    [];
  /** The projects linked to the repository they were imported from (by project id). */
  readonly linked = new Map<string, { versionId: string; repository: ImportedRepository }>();

  async import(request: { userId: string; url?: string; repositoryId?: string; branch?: string }) {
    this.requests.push(request);
    const found = this.repositories.get(request.url ?? request.repositoryId ?? '') ?? {
      status: 422 as const,
      message: 'There is no public git repository at that address.',
    };
    return 'files' in found
      ? { ok: true as const, repository: found }
      : { ok: false as const, refusal: found };
  }

  async linkImported(
    _tx: unknown,
    imported: { projectId: string; versionId: string; repository: ImportedRepository },
  ) {
    if (imported.repository.repositoryId === null) return;
    this.linked.set(imported.projectId, imported);
  }
}
