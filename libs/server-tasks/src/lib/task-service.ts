import { and, desc, eq, inArray } from 'drizzle-orm';
import { imageSize } from 'image-size';
import {
  IMAGE_MAX_SIDE_PX,
  TaskConflictMessages,
  taskCommands,
  type CreateTaskRequest,
  type ImageAttachment,
  type ImageMediaType,
  type Model,
  type SelectedComponent,
  type TaskLogOf,
} from '@mason/contract';
import {
  projects,
  staticFiles,
  taskLogs,
  tasks,
  type Database,
  type Executor,
  type TaskRow,
  type Transaction,
} from '@mason/server-db';
import type { JobQueue } from '@mason/server-jobs';
import { putBlobs } from '@mason/server-workspace';
import type { StoredImage } from './image-links';
import { RuleViolation } from '@mason/server-http';
import type { TaskEventBus } from './task-events';
import { TaskWriter, withTask } from './tasks.repository';
import { activeTurn, enqueueTurn, type TurnTrigger } from './turns';

export interface MessageInput {
  content: string;
  images?: readonly ImageAttachment[];
  staticFiles?: readonly string[];
  selectedComponents?: readonly SelectedComponent[];
  currentPage?: string;
  model?: Model;
}

/** A message's images stored as blobs and its static files checked (see prepareMessage). */
export type PreparedMessage = Awaited<ReturnType<TaskService['prepareMessage']>>;

/** The ERROR log code of a runtime error the preview reported (the assistant reads it as a message). */
export const PREVIEW_RUNTIME_ERROR = 'PREVIEW_RUNTIME_ERROR';
/** Repair turns a task starts by itself for preview errors, after the person's last message. */
export const PREVIEW_REPAIR_LIMIT = 2;

/**
 * An attached image's bytes, once they are known to be an image of its type that fits
 * IMAGE_MAX_SIDE_PX (SPEC.md 5: the client resizes them so); 400 otherwise.
 */
function checkedImage(image: ImageAttachment, index: number): Buffer {
  const bytes = Buffer.from(image.content, 'base64');
  const refuse = (message: string) =>
    new RuleViolation('invalid', message, { [`images.${index}`]: message });
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse(`Image ${index + 1} could not be read as an image.`);
  }
  if (IMAGE_TYPES[size.type ?? ''] !== image.mediaType) {
    throw refuse(`Image ${index + 1} is not the ${image.mediaType} it says it is.`);
  }
  if (size.width > IMAGE_MAX_SIDE_PX || size.height > IMAGE_MAX_SIDE_PX) {
    throw refuse(
      `Image ${index + 1} is ${size.width} x ${size.height} px: send images of at most ${IMAGE_MAX_SIDE_PX} px on a side.`,
    );
  }
  return bytes;
}

/** image-size's names of the types a message may carry. */
const IMAGE_TYPES: Readonly<Record<string, ImageMediaType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The task loop's writes that routes share: new tasks, messages, resumes. */
export class TaskService {
  constructor(
    private readonly db: Database,
    private readonly bus: TaskEventBus,
    private readonly turns: JobQueue,
    /**
     * The model of a task whose caller names none: CLAUDE_SONNET_4_5 when it runs here (or on the
     * person's own OpenRouter key), else one that does. Read in the task's transaction.
     */
    private readonly defaultModel: (tx: Executor, userId: string) => Promise<Model>,
  ) {}

  /** Stores images as blobs and checks the static files belong to the project (null: none allowed). */
  async prepareMessage(db: Executor, projectId: string | null, input: MessageInput) {
    const images: StoredImage[] = [];
    if (input.images?.length) {
      const contents = input.images.map((image, index) => checkedImage(image, index));
      const hashes = await putBlobs(db, contents);
      input.images.forEach((image, index) =>
        images.push({ mediaType: image.mediaType, hash: hashes[index] }),
      );
    }
    const files: { id: string; fileName: string }[] = [];
    const ids = [...new Set(input.staticFiles ?? [])];
    if (ids.length) {
      const uuid = /^[0-9a-f-]{36}$/i;
      const rows =
        projectId !== null && ids.every((id) => uuid.test(id))
          ? await db
              .select({ id: staticFiles.id, fileName: staticFiles.fileName })
              .from(staticFiles)
              .where(and(inArray(staticFiles.id, ids), eq(staticFiles.projectId, projectId)))
          : [];
      if (rows.length !== ids.length) {
        throw new RuleViolation('invalid', 'An attached file was not found. Upload it again.', {
          staticFiles: 'An attached file was not found. Upload it again.',
        });
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = byId.get(id);
        if (row) files.push(row);
      }
    }
    return { images, files };
  }

  /** Appends the person's message to the locked task. */
  async appendUserMessage(writer: TaskWriter, input: MessageInput, prepared: PreparedMessage) {
    return writer.append('USER_MESSAGE', input.content, {
      // Stored by hash; logPresenter (image-links.ts) gives each reader links of their own.
      images: prepared.images as unknown as TaskLogOf<'USER_MESSAGE'>['payload']['images'],
      staticFiles: prepared.files,
      selectedComponents: [...(input.selectedComponents ?? [])],
      currentPage: input.currentPage ?? null,
      model: input.model ?? null,
    });
  }

  /**
   * A new task on a project, with the person's first message (images and attached files
   * checked and stored), whose first turn starts at once.
   */
  async startTask(projectId: string, userId: string, request: CreateTaskRequest): Promise<TaskRow> {
    const prepared = await this.prepareMessage(this.db, projectId, {
      content: request.description,
      images: request.images,
      staticFiles: request.staticFiles,
    });
    const { task, turnId } = await this.db.transaction((tx) =>
      this.createTask(tx, prepared, {
        projectId,
        userId,
        description: request.description,
        model: request.model,
        branch: request.branch,
        repositoryId: request.repositoryId,
        additionalInstructions: request.additionalInstructions,
      }),
    );
    await this.wake(turnId);
    return task;
  }

  /**
   * Creates a task (PENDING) with its description as the first message, and queues its first
   * turn, in the caller's transaction: a worker never sees the turn without its message.
   */
  async createTask(
    tx: Transaction,
    prepared: PreparedMessage,
    values: {
      projectId: string;
      userId: string;
      description: string;
      model?: Model;
      branch?: string | null;
      repositoryId?: string | null;
      additionalInstructions?: string | null;
    },
  ): Promise<{ task: TaskRow; turnId: string }> {
    const [task] = await tx
      .insert(tasks)
      .values({
        projectId: values.projectId,
        userId: values.userId,
        description: values.description,
        state: 'PENDING',
        model: values.model ?? (await this.defaultModel(tx, values.userId)),
        branch: values.branch ?? null,
        repositoryId: values.repositoryId ?? null,
        additionalInstructions: values.additionalInstructions || null,
      })
      .returning();
    const writer = new TaskWriter(tx, task);
    await this.appendUserMessage(
      writer,
      { content: values.description, model: values.model },
      prepared,
    );
    const turn = await enqueueTurn(tx, task.id, 'START');
    return { task: writer.task, turnId: turn.id };
  }

  /** POST /tasks/:id/logs: the message, the task back at work, a turn queued; all or nothing. */
  async sendMessage(task: TaskRow, input: MessageInput) {
    const prepared = await this.prepareMessage(this.db, task.projectId, input);
    const { result, task: updated } = await withTask(this.db, this.bus, task.id, async (writer) => {
      const commands = taskCommands(writer.task as never);
      if (!commands.send) {
        throw new RuleViolation(
          'conflict',
          writer.task.state === 'ARCHIVED'
            ? TaskConflictMessages.sendArchived
            : TaskConflictMessages.send,
        );
      }
      if (await activeTurn(writer.tx, writer.task.id))
        throw new RuleViolation('conflict', TaskConflictMessages.send);
      if (input.model && input.model !== writer.task.model)
        await writer.update({ model: input.model });
      const log = await this.appendUserMessage(writer, input, prepared);
      await writer.transition('IN_PROGRESS', null);
      const turn = await enqueueTurn(writer.tx, writer.task.id, 'MESSAGE');
      return { log, turnId: turn.id };
    });
    await this.wake(result.turnId);
    return { log: result.log, task: updated };
  }

  /** Queues a turn on a locked task (resume, an answered request). */
  async queueTurn(writer: TaskWriter, trigger: TurnTrigger, note?: string): Promise<string> {
    if (await activeTurn(writer.tx, writer.task.id)) {
      throw new RuleViolation(
        'conflict',
        'The assistant is still stopping. Try again in a moment.',
      );
    }
    return (await enqueueTurn(writer.tx, writer.task.id, trigger, { note })).id;
  }

  /**
   * DESIGN.md's repair loop for runtime errors: the newest version, made by this task's
   * assistant (the preview host asks only for those, and only for an error of its first render),
   * threw in the person's preview while the task is idle. The error goes into the task's log (the person sees it,
   * and the assistant reads it as the environment's message) and a turn is queued to fix it: at
   * most PREVIEW_REPAIR_LIMIT attempts after the person's last message, one per version. Answers
   * the queued turn's id, or null when nothing was started (and why is then in the log or moot).
   */
  async repairFromPreview(
    taskId: string,
    error: { versionIndex: number; message: string },
  ): Promise<string | null> {
    const { result } = await withTask(this.db, this.bus, taskId, async (writer) => {
      if (writer.task.state !== 'COMPLETED' || writer.task.pauseReason !== null) return null;
      if (await activeTurn(writer.tx, writer.task.id)) return null;
      const since = await this.previewRepairsSinceLastMessage(writer);
      if (since.some((entry) => entry.versionIndex === error.versionIndex)) return null;
      // Automatic repair is off for this project: the person is told, and decides.
      const [project] = await writer.tx
        .select({ autoRepair: projects.autoRepair })
        .from(projects)
        .where(eq(projects.id, writer.task.projectId));
      if (project && !project.autoRepair) {
        await writer.append(
          'ERROR',
          `The preview of version ${error.versionIndex} stopped with an error: ${error.message.slice(0, 2000)} Automatic repair is off for this project: use Fix with AI in the preview's console, or say what to fix.`,
          { code: PREVIEW_RUNTIME_ERROR, versionIndex: error.versionIndex } as { code: string },
        );
        return null;
      }
      if (since.length >= PREVIEW_REPAIR_LIMIT) return null;
      const attempt = since.length + 1;
      await writer.append(
        'ERROR',
        `The preview of version ${error.versionIndex} stopped with an error: ${error.message.slice(0, 2000)} Fixing it (attempt ${attempt} of ${PREVIEW_REPAIR_LIMIT}).`,
        { code: PREVIEW_RUNTIME_ERROR, versionIndex: error.versionIndex } as { code: string },
      );
      await writer.transition('IN_PROGRESS', null);
      const turn = await enqueueTurn(writer.tx, writer.task.id, 'REPAIR', {
        note: `The app's live preview threw an uncaught error as version ${error.versionIndex}, which you made, first loaded (repair attempt ${attempt} of ${PREVIEW_REPAIR_LIMIT}). Read it with read_preview_errors, read the files again (they are the newest version and may hold the person's own changes), fix only its cause with edit_file (never rewrite a whole file, never undo the person's changes), check the project, and say in one sentence what you fixed.`,
      });
      return turn.id;
    });
    if (result) await this.wake(result);
    return result;
  }

  /** The preview repairs logged after the person's newest message, with their version index. */
  private async previewRepairsSinceLastMessage(writer: TaskWriter) {
    const rows = await writer.tx
      .select({ seq: taskLogs.seq, type: taskLogs.type, payload: taskLogs.payload })
      .from(taskLogs)
      .where(
        and(eq(taskLogs.taskId, writer.task.id), inArray(taskLogs.type, ['USER_MESSAGE', 'ERROR'])),
      )
      .orderBy(desc(taskLogs.seq))
      .limit(50);
    const repairs: { versionIndex: number }[] = [];
    for (const row of rows) {
      if (row.type === 'USER_MESSAGE') break;
      if (row.payload['code'] === PREVIEW_RUNTIME_ERROR) {
        repairs.push({ versionIndex: Number(row.payload['versionIndex']) });
      }
    }
    return repairs;
  }

  async wake(turnId: string): Promise<void> {
    await this.turns.wake(turnId);
  }
}
