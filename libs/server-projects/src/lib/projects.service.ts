import {
  nameFromDescription,
  type CreateProjectRequest,
  type Project,
  type ProjectStatusResponse,
  type Task,
  type UpdateProjectRequest,
} from '@mason/contract';
import type { Executor, ProjectRow, Transaction } from '@mason/server-db';
import { createProjectFromTemplate } from '@mason/server-workspace';
import type { BudgetCheck } from '@mason/server-billing';
import type { ProjectsContext } from './projects-context';
import {
  countProjects,
  deleteProject,
  insertProject,
  lockOwner,
  listProjects,
  projectExtras,
  toProject,
  updateProject,
  type ProjectUrls,
} from './projects.repository';

/**
 * What creating a project gives: the project and its first task, the spent budget, or the plan's
 * project limit (the person has `maxProjects` already).
 */
export type CreateProjectResult =
  | { readonly created: true; readonly project: Project; readonly firstTask: Task }
  | { readonly created: false; readonly budget: Extract<BudgetCheck, { ok: false }> }
  | { readonly created: false; readonly projectLimit: number };

/** Rolls the project's transaction back: the plan's limit was reached meanwhile. */
class ProjectLimitReached extends Error {
  constructor(readonly maxProjects: number) {
    super('The plan allows no more projects.');
  }
}

/** A project's life: made from a description, renamed, deleted; and where it stands. */
export class ProjectsService {
  private readonly urls: ProjectUrls;

  constructor(private readonly ctx: Pick<ProjectsContext, 'db' | 'tasks' | 'preview'>) {
    this.urls = {
      preview: (projectId) => ctx.preview.url(projectId),
      app: (slug) => ctx.preview.appUrl(slug),
    };
  }

  async list(userId: string): Promise<Project[]> {
    const rows = await listProjects(this.ctx.db, userId);
    return rows.map(({ project, ...extras }) => toProject(project, extras, this.urls));
  }

  async view(row: ProjectRow): Promise<Project> {
    return toProject(row, await projectExtras(this.ctx.db, row.id), this.urls);
  }

  /**
   * The starter app as the project's first version and its first task, in one transaction; the
   * task's first turn starts once it is committed. No static files: the project did not exist
   * for them to belong to.
   */
  async create(userId: string, body: CreateProjectRequest): Promise<CreateProjectResult> {
    const { db, tasks } = this.ctx;
    const maxProjects = await tasks.maxProjects(userId);
    const atLimit = async (executor: Executor) =>
      maxProjects !== null && (await countProjects(executor, userId)) >= maxProjects;
    if (maxProjects !== null && (await atLimit(db))) {
      return { created: false, projectLimit: maxProjects };
    }
    const budget = await tasks.checkBudget(userId);
    if (!budget.ok) return { created: false, budget };
    const prepared = await tasks.prepareFirstMessage({
      content: body.description,
      images: body.images,
    });
    let made;
    try {
      made = await db.transaction(async (tx) => {
        // Counted again under the person's lock: two creations at once cannot both pass.
        await lockOwner(tx, userId);
        if (maxProjects !== null && (await atLimit(tx))) throw new ProjectLimitReached(maxProjects);
        return this.insertWithFirstTask(tx, userId, body, prepared);
      });
    } catch (error) {
      if (!(error instanceof ProjectLimitReached)) throw error;
      return { created: false, projectLimit: error.maxProjects };
    }
    await tasks.startTurn(made.turnId);
    return { created: true, project: await this.view(made.project), firstTask: made.task };
  }

  /** The project, its starter app as the first version, and its first task with a queued turn. */
  private async insertWithFirstTask(
    tx: Transaction,
    userId: string,
    body: CreateProjectRequest,
    prepared: unknown,
  ) {
    const project = await insertProject(tx, {
      userId,
      name: body.name ?? nameFromDescription(body.description),
      description: body.description,
    });
    await createProjectFromTemplate(tx, project.id, { summary: 'Starter app' });
    const first = await this.ctx.tasks.createFirstTask(tx, prepared, {
      projectId: project.id,
      userId,
      description: body.description,
      model: body.model,
    });
    return { project, ...first };
  }

  async update(row: ProjectRow, changes: UpdateProjectRequest): Promise<Project> {
    const { name, description, autoRepair } = changes;
    const updated = await updateProject(this.ctx.db, row.id, {
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
      ...(autoRepair === undefined ? {} : { autoRepair }),
    });
    return this.view(updated);
  }

  /** The project with its tasks, versions and files; its running turns stop. */
  async remove(row: ProjectRow): Promise<void> {
    const taskIds = await deleteProject(this.ctx.db, row.id);
    this.ctx.tasks.projectDeleted(taskIds);
  }

  async status(row: ProjectRow): Promise<ProjectStatusResponse> {
    const extras = await projectExtras(this.ctx.db, row.id);
    const view = toProject(row, extras, this.urls);
    return {
      projectId: row.id,
      status: view.status,
      previewUrl: view.previewUrl,
      latestVersionId: view.latestVersionId,
      activeTaskId: extras.activeTaskId,
      updatedAt: view.updatedAt,
    };
  }
}
