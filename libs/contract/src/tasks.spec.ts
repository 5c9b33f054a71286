import { LogTypeSchema } from './enums';
import {
  CreateTaskRequestSchema,
  SendTaskMessageRequestSchema,
  TaskLogSchema,
  TaskLogsQuerySchema,
  TasksQuerySchema,
} from './tasks';

const at = '2025-01-02T03:04:05.000Z';
const base = { id: 'log-1', taskId: 'task-1', content: 'Hello', createdAt: at };

describe('TasksQuerySchema', () => {
  it('reads one repeated states value as a list of one, and several as a list', () => {
    expect(TasksQuerySchema.parse({ states: 'PENDING' })).toEqual({ states: ['PENDING'] });
    expect(TasksQuerySchema.parse({ projectId: 'p1', states: ['PENDING', 'FAILED'] })).toEqual({
      projectId: 'p1',
      states: ['PENDING', 'FAILED'],
    });
    expect(TasksQuerySchema.parse({})).toEqual({});
  });

  it('refuses a state that does not exist', () => {
    expect(TasksQuerySchema.safeParse({ states: ['DONE'] }).success).toBe(false);
  });
});

describe('TaskLogsQuerySchema', () => {
  it('turns the limit text of a query string into a number within bounds', () => {
    expect(TaskLogsQuerySchema.parse({ afterLogId: 'l1', limit: '50' })).toEqual({
      afterLogId: 'l1',
      limit: 50,
    });
    expect(TaskLogsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(TaskLogsQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(TaskLogsQuerySchema.safeParse({ limit: 'ten' }).success).toBe(false);
  });

  it('refuses both cursors at once', () => {
    expect(TaskLogsQuerySchema.safeParse({ afterLogId: 'a', beforeLogId: 'b' }).success).toBe(
      false,
    );
  });
});

describe('TaskLogSchema', () => {
  it('has one entry schema per log type', () => {
    const payloads = {
      USER_MESSAGE: {
        images: [],
        staticFiles: [],
        selectedComponents: [],
        currentPage: null,
        model: null,
      },
      AI_MESSAGE: { model: 'GPT_5', draftId: null },
      TOOL_CALL: {
        toolCallId: 'c1',
        toolName: 'write_file',
        input: { path: 'src/App.tsx', content: 'x' },
      },
      TOOL_RESULT: { toolCallId: 'c1', toolName: 'write_file', isError: false },
      FILE_CHANGE: { path: 'src/App.tsx', change: 'UPDATED', additions: 3, deletions: 1 },
      VERSION: { versionId: 'v1', index: 1, previewUrl: 'http://p1.localhost:4200/' },
      ERROR: { code: null },
      NEEDS_ATTENTION: { reason: 'ENV_VARIABLE', actions: [], resolved: false },
      STATUS: { state: 'COMPLETED', pauseReason: null },
      TURN_COST: {
        chargedCredits: 3.2,
        waivedCredits: 0,
        waivedReason: null,
        inputTokens: 1200,
        outputTokens: 300,
      },
    } as const;
    for (const type of LogTypeSchema.options) {
      expect(TaskLogSchema.parse({ ...base, type, payload: payloads[type] }).type).toBe(type);
    }
  });

  it('refuses a payload that does not match its type', () => {
    expect(
      TaskLogSchema.safeParse({ ...base, type: 'VERSION', payload: { model: null } }).success,
    ).toBe(false);
  });
});

describe('SendTaskMessageRequestSchema', () => {
  it('refuses a message that is empty after trimming (SPEC.md 5)', () => {
    expect(SendTaskMessageRequestSchema.safeParse({ content: '   \n ' }).success).toBe(false);
    expect(SendTaskMessageRequestSchema.parse({ content: '  Add a header ' }).content).toBe(
      'Add a header',
    );
  });

  it('takes images as media type and base64 content, and selected components', () => {
    const message = {
      content: 'Make this blue',
      images: [{ mediaType: 'image/png', content: 'iVBORw0KGgo=' }],
      staticFiles: ['f1'],
      selectedComponents: [
        { componentName: 'Header', filePath: 'src/Header.tsx', filePart: '<h1>Hi</h1>', page: '/' },
      ],
      currentPage: '/',
      model: 'CLAUDE_SONNET_4_5',
    };
    expect(SendTaskMessageRequestSchema.parse(message)).toEqual(message);
    const notBase64 = { ...message, images: [{ mediaType: 'image/png', content: 'not base64!' }] };
    expect(SendTaskMessageRequestSchema.safeParse(notBase64).success).toBe(false);
  });
});

describe('CreateTaskRequestSchema', () => {
  it('refuses file paths that leave the project', () => {
    const task = { projectId: 'p1', description: 'Build a todo app' };
    expect(CreateTaskRequestSchema.safeParse({ ...task, filePaths: ['src/App.tsx'] }).success).toBe(
      true,
    );
    for (const filePath of [
      '../etc/passwd',
      '/etc/passwd',
      'src/../../x',
      'src\\App.tsx',
      'src//App.tsx',
    ]) {
      expect(CreateTaskRequestSchema.safeParse({ ...task, filePaths: [filePath] }).success).toBe(
        false,
      );
    }
  });

  it('refuses a branch name git would refuse', () => {
    const task = { projectId: 'p1', description: 'Build a todo app' };
    expect(CreateTaskRequestSchema.safeParse({ ...task, branch: 'feature/login' }).success).toBe(
      true,
    );
    for (const branch of ['has space', 'a..b', 'ends/', 'x.lock', 'a~b']) {
      expect(CreateTaskRequestSchema.safeParse({ ...task, branch }).success).toBe(false);
    }
  });
});
