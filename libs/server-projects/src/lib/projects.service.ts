import {
  nameFromDescription,
  type CreateProjectRequest,
  type Project,
  type ProjectStatusResponse,
  type Task,
  type UpdateProjectRequest,
} from '@mason/contract';
import type { Executor, ProjectRow, Transaction } from '@mason/server-db';
import {
  createProjectFromFiles,
  createProjectFromTemplate,
  FilePathError,
  normalizeProjectPath,
} from '@mason/server-workspace';
import type { BudgetCheck } from '@mason/server-billing';
import type {
  ImportedRepository,
  ProjectsContext,
  RepositoryImportRefusal,
} from './projects-context';
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
 * What creating a project gives: the project and its first task (none for an import without a
 * description), the spent budget, the plan's project limit (the person has `maxProjects`
 * already), or why the repository to import could not be read.
 */
export type CreateProjectResult =
  | { readonly created: true; readonly project: Project; readonly firstTask: Task | null }
  | { readonly created: false; readonly budget: Extract<BudgetCheck, { ok: false }> }
  | { readonly created: false; readonly projectLimit: number }
  | { readonly created: false; readonly importRefused: RepositoryImportRefusal };

/** What a new project's first version is made of: the starter app, or an imported repository. */
type ProjectSource =
  | { readonly kind: 'template' }
  | {
      readonly kind: 'import';
      readonly repository: ImportedRepository;
      readonly files: Readonly<Record<string, Uint8Array>>;
    };

/** The longest name a project gets from its repository's name (ProjectNameSchema's limit). */
const MAX_NAME_LENGTH = 100;

/** Rolls the project's transaction back: the plan's limit was reached meanwhile. */
class ProjectLimitReached extends Error {
  constructor(readonly maxProjects: number) {
    super('The plan allows no more projects.');
  }
}

/** A project's life: made from a description, renamed, deleted; and where it stands. */
export class ProjectsService {
  private readonly urls: ProjectUrls;

  constructor(
    private readonly ctx: Pick<ProjectsContext, 'db' | 'tasks' | 'preview' | 'repositories'>,
  ) {
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
   * The starter app, or the imported repository's files, as the project's first version, and its
   * first task, in one transaction; the task's first turn starts once it is committed. No static
   * files: the project did not exist for them to belong to.
   */
  async create(userId: string, body: CreateProjectRequest): Promise<CreateProjectResult> {
    const { db, tasks } = this.ctx;
    const maxProjects = await tasks.maxProjects(userId);
    const atLimit = async (executor: Executor) =>
      maxProjects !== null && (await countProjects(executor, userId)) >= maxProjects;
    if (maxProjects !== null && (await atLimit(db))) {
      return { created: false, projectLimit: maxProjects };
    }
    // An import without a description runs no turn, so it spends nothing.
    if (body.description !== undefined) {
      const budget = await tasks.checkBudget(userId);
      if (!budget.ok) return { created: false, budget };
    }
    let source: ProjectSource = { kind: 'template' };
    if (body.type === 'EXTERNAL') {
      const read = await this.ctx.repositories.import({
        userId,
        ...(body.repositoryUrl === undefined ? {} : { url: body.repositoryUrl }),
        ...(body.repositoryId === undefined ? {} : { repositoryId: body.repositoryId }),
        ...(body.branch === undefined ? {} : { branch: body.branch }),
      });
      if (!read.ok) return { created: false, importRefused: read.refusal };
      source = {
        kind: 'import',
        repository: read.repository,
        files: projectFiles(read.repository),
      };
    }
    const prepared =
      body.description === undefined
        ? null
        : await tasks.prepareFirstMessage({ content: body.description, images: body.images });
    let made;
    try {
      made = await db.transaction(async (tx) => {
        // Counted again under the person's lock: two creations at once cannot both pass.
        await lockOwner(tx, userId);
        if (maxProjects !== null && (await atLimit(tx))) throw new ProjectLimitReached(maxProjects);
        return this.insertWithFirstTask(tx, userId, body, source, prepared);
      });
    } catch (error) {
      if (!(error instanceof ProjectLimitReached)) throw error;
      return { created: false, projectLimit: error.maxProjects };
    }
    if (made.turnId !== null) await tasks.startTurn(made.turnId);
    return { created: true, project: await this.view(made.project), firstTask: made.task };
  }

  /** The project, its first version, and its first task with a queued turn when described. */
  private async insertWithFirstTask(
    tx: Transaction,
    userId: string,
    body: CreateProjectRequest,
    source: ProjectSource,
    prepared: unknown,
  ) {
    const imported = source.kind === 'import' ? source.repository : null;
    const description = body.description ?? `Imported from ${imported?.url ?? 'a repository'}`;
    const project = await insertProject(tx, {
      userId,
      name:
        body.name ??
        (imported
          ? imported.name.slice(0, MAX_NAME_LENGTH)
          : nameFromDescription(body.description ?? description)),
      description,
      ...(imported
        ? { imported: { branch: imported.branch, repositoryId: imported.repositoryId } }
        : {}),
    });
    if (source.kind === 'import') {
      const { name, branch, commit, files, skipped } = source.repository;
      const leftOut = [
        ...skipped,
        ...files.map((file) => file.path).filter((path) => !(path in source.files)),
      ];
      const version = await createProjectFromFiles(tx, project.id, source.files, {
        summary:
          `Imported ${name} from ${branch} (${commit.slice(0, 7)})` +
          (leftOut.length === 0
            ? ''
            : `; left out what a project cannot hold: ${leftOut.slice(0, 5).join(', ')}${leftOut.length > 5 ? ` and ${leftOut.length - 5} more` : ''}`),
      });
      await this.ctx.repositories.linkImported(tx, {
        userId,
        projectId: project.id,
        versionId: version.id,
        repository: source.repository,
      });
    } else {
      await createProjectFromTemplate(tx, project.id, { summary: 'Starter app' });
    }
    if (prepared === null || body.description === undefined) {
      return { project, task: null, turnId: null };
    }
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
    this.ctx.tasks.projectDeleted(row.id, taskIds);
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

/**
 * An imported repository's files by project path. Paths a project cannot hold (control or
 * invisible characters, backslashes: see normalizeProjectPath) are left out.
 */
function projectFiles(repository: ImportedRepository): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const file of repository.files) {
    try {
      files[normalizeProjectPath(file.path)] = file.content;
    } catch (error) {
      if (!(error instanceof FilePathError)) throw error;
    }
  }
  return files;
}
