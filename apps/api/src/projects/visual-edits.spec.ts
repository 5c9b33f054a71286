import {
  VisualEditsResponseSchema,
  type ApiErrorBody,
  type ProjectFilesResponse,
  type ProjectPreviewResponse,
  type VisualEdit,
  type VisualEditsResponse,
} from '@mason/contract';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  logsOf,
  readyProject,
  sendMessage,
  waitForIdle,
  waitForTask,
} from '../test-utils/task-loop';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { STARTER_HEADING } from '../test-utils/starter-app';

// The starter app's src/App.tsx: <h1 …>Your app starts here</h1> at 12:9, the card's
// description under it (a <p>) at 13:9, the counter button (its text is code) at 18:9.
const heading = STARTER_HEADING;
const paragraph = { ...heading, line: 13, tagName: 'p' };
const counter = { ...heading, line: 18, tagName: 'button' };
const STARTER_H1 = '<h1 className="text-2xl font-bold tracking-tight">';

describe('POST /projects/:id/visual-edits', () => {
  const env = useScriptedTestApp();

  async function starterProject() {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, 'A starter');
    return { token, project, task, baseVersionId: await shownVersionId(token, project.id) };
  }

  const apply = (token: string, projectId: string, baseVersionId: string, edits: VisualEdit[]) =>
    env.server.request<VisualEditsResponse & ApiErrorBody>(
      'POST',
      `/api/projects/${projectId}/visual-edits`,
      {
        token,
        body: { baseVersionId, edits },
      },
    );

  /** A file of the project's newest version (src/App.tsx by default). */
  async function sourceOf(token: string, projectId: string, filePath = 'src/App.tsx') {
    const files = await env.server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${projectId}/files?filePath=${filePath}`,
      { token },
    );
    return files.body.files[0]?.content;
  }

  /** The version the preview shows: what the person edits. */
  async function shownVersionId(token: string, projectId: string) {
    const preview = await env.server.request<ProjectPreviewResponse>(
      'GET',
      `/api/projects/${projectId}/preview`,
      { token },
    );
    return preview.body.versionId;
  }

  /** A project whose first turn (the scripted model) writes `files`: the person's to edit. */
  async function projectWriting(description: string, files: Record<string, string>) {
    const { token } = await signUp(env.server);
    env.model.enqueue(
      {
        toolCalls: Object.entries(files).map(([path, content]) => ({
          name: 'write_file',
          input: { path, content },
        })),
      },
      { text: 'Written.' },
    );
    const { project, firstTask } = await createProject(env.server, token, description);
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    return { token, project, firstTask };
  }

  it('changes the class, text and style and deletes an element in one version, the rest of the file kept', async () => {
    const { token, project, task, baseVersionId } = await starterProject();
    const answer = await apply(token, project.id, baseVersionId, [
      {
        selectedLayout: heading,
        command: 'UPDATE',
        newTextContent: 'Mugs, made by hand',
        newClassValue: 'title',
      },
      { selectedLayout: heading, command: 'UPDATE', newStyle: { color: 'teal' } },
      { selectedLayout: paragraph, command: 'DELETE' },
    ]);
    expect(answer.status).toBe(200);
    const { version } = z.parse(VisualEditsResponseSchema, answer.body);
    expect(version).toMatchObject({ index: 1, taskId: task.id });
    expect(version.summary).toBe(
      'Visual edit: changed the class and text of <h1>; changed the style of <h1>; deleted <p>',
    );

    const expected = (TEMPLATE_FILES['src/App.tsx'] as string)
      .replace(
        `${STARTER_H1}Your app starts here</h1>`,
        `<h1 style={{ color: 'teal' }} className="title">Mugs, made by hand</h1>`,
      )
      .replace(
        '        <CardDescription>\n          Describe what you want in the chat, and it will be built right here.\n        </CardDescription>\n',
        '',
      );
    expect(expected).not.toContain('Describe what you want');
    expect(await sourceOf(token, project.id)).toBe(expected);

    // Recorded on the task: what changed and the version, like a turn of the assistant.
    const logs = await allLogs(env.server, token, task.id);
    expect(logsOf(logs, 'FILE_CHANGE').at(-1)?.payload).toMatchObject({
      path: 'src/App.tsx',
      change: 'UPDATED',
    });
    expect(logsOf(logs, 'VERSION').at(-1)?.payload.index).toBe(1);
  });

  it('resolves conflicting Tailwind classes with tailwind-merge: the class chosen last stays', async () => {
    const { token, project, baseVersionId } = await starterProject();
    const answer = await apply(token, project.id, baseVersionId, [
      {
        selectedLayout: heading,
        command: 'UPDATE',
        // The person replaced text-2xl with text-4xl by adding it, and added a padding twice.
        newClassValue: 'text-2xl font-bold tracking-tight p-2 text-4xl p-6',
        previousClassValue: 'text-2xl font-bold tracking-tight',
      },
    ]);
    expect(answer.status).toBe(200);
    expect(await sourceOf(token, project.id)).toContain(
      '<h1 className="font-bold tracking-tight text-4xl p-6">Your app starts here</h1>',
    );
  });

  it('writes a class that overrides a kit component’s own where the component is used', async () => {
    const { token, project, baseVersionId } = await starterProject();
    // The card's description: the kit's <p> renders `text-sm text-muted-foreground` (its cn());
    // the person picked the theme's primary colour for it.
    const answer = await apply(token, project.id, baseVersionId, [
      {
        selectedLayout: paragraph,
        command: 'UPDATE',
        newClassValue: 'text-sm text-muted-foreground text-primary',
        previousClassValue: 'text-sm text-muted-foreground',
      },
    ]);
    expect(answer.status).toBe(200);
    const source = await sourceOf(token, project.id);
    expect(source).toContain('        <CardDescription className="text-primary">\n');
    // The kit is left alone.
    const kit = await env.server.request<ProjectFilesResponse>(
      'GET',
      `/api/projects/${project.id}/files?filePath=src/components/ui/card.tsx`,
      { token },
    );
    expect(kit.body.files[0]?.content).toBe(TEMPLATE_FILES['src/components/ui/card.tsx']);
  });

  it('refuses edits made against an older version, and text that comes from code, changing nothing', async () => {
    const { token, project, baseVersionId } = await starterProject();
    const first = await apply(token, project.id, baseVersionId, [
      { selectedLayout: heading, command: 'UPDATE', newTextContent: 'First' },
    ]);
    expect(first.status).toBe(200);

    const stale = await apply(token, project.id, baseVersionId, [
      { selectedLayout: heading, command: 'UPDATE', newTextContent: 'Second' },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The app changed since you started editing (it is now version 1). Your edits were not saved: reload the preview and make them again.',
    );

    const newest = first.body.version.versionId;
    const fromCode = await apply(token, project.id, newest, [
      { selectedLayout: heading, command: 'UPDATE', newTextContent: 'Third' },
      { selectedLayout: counter, command: 'UPDATE', newTextContent: 'Clicked a lot' },
    ]);
    expect(fromCode.status).toBe(422);
    expect(fromCode.body.message).toMatch(/comes from code/);
    expect(await sourceOf(token, project.id)).toContain(`${STARTER_H1}First</h1>`);
  });

  it('changes a list item’s text where the list is written, and says why loaded data cannot be', async () => {
    const { token } = await signUp(env.server);
    const plans = [
      "import { useState } from 'react';",
      '',
      "const PLANS = [{ name: 'Starter' }, { name: 'Pro' }];",
      '',
      'export function Plans() {',
      '  const [loaded] = useState<{ name: string }[]>([]);',
      '  return (',
      '    <ul>',
      '      {PLANS.map((plan) => (',
      '        <li key={plan.name}>{plan.name}</li>',
      '      ))}',
      '      {loaded.map((plan) => (',
      '        <li key={plan.name}>{plan.name}</li>',
      '      ))}',
      '    </ul>',
      '  );',
      '}',
      '',
    ].join('\n');
    env.model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/components/Plans.tsx', content: plans } },
        ],
      },
      { text: 'Added the plans.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A plans page');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const previewVersionId = await shownVersionId(token, project.id);
    const item = (line: number) => ({
      componentName: 'Plans',
      filePath: 'src/components/Plans.tsx',
      line,
      column: 9,
      tagName: 'li',
      page: '/',
    });

    const saved = await apply(token, project.id, previewVersionId, [
      {
        selectedLayout: item(10),
        command: 'UPDATE',
        newTextContent: 'Team',
        previousTextContent: 'Pro',
      },
    ]);
    expect(saved.status).toBe(200);
    expect(await sourceOf(token, project.id, 'src/components/Plans.tsx')).toBe(
      plans.replace("name: 'Pro'", "name: 'Team'"),
    );

    const loaded = await apply(token, project.id, saved.body.version.versionId, [
      {
        selectedLayout: item(13),
        command: 'UPDATE',
        newTextContent: 'Team',
        previousTextContent: 'Pro',
      },
    ]);
    expect(loaded.status).toBe(422);
    expect(loaded.body.message).toMatch(
      /^The text of the <li> in src\/components\/Plans\.tsx line 13 comes from loaded, data the app gets while it runs/,
    );
  });

  it('changes an image’s source, and refuses one that would run or could not load, changing nothing', async () => {
    const hero = [
      "import logo from './logo.svg';",
      '',
      'export function Hero() {',
      '  return <img src={logo} alt="Logo" />;',
      '}',
      '',
    ].join('\n');
    const { token, project } = await projectWriting('A hero', {
      'src/components/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'src/components/Hero.tsx': hero,
    });
    const previewVersionId = await shownVersionId(token, project.id);
    const image = {
      componentName: 'Hero',
      filePath: 'src/components/Hero.tsx',
      line: 4,
      column: 10,
      tagName: 'img',
      page: '/',
    };
    const heroSource = () => sourceOf(token, project.id, 'src/components/Hero.tsx');

    const refused = await apply(token, project.id, previewVersionId, [
      { selectedLayout: image, command: 'UPDATE', newSrc: 'javascript:alert(1)' },
    ]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      'Use a web address (https://…) or a path in the app, such as /assets/photo.png.',
    );
    expect(await heroSource()).toBe(hero);

    const saved = await apply(token, project.id, previewVersionId, [
      { selectedLayout: image, command: 'UPDATE', newSrc: '/assets/team.jpg' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.version.summary).toBe('Visual edit: changed the image source of <img>');
    expect(await heroSource()).toBe(hero.replace('src={logo}', 'src="/assets/team.jpg"'));
  });

  it('changes text passed as a prop where the component is used, and refuses when two uses show it', async () => {
    const card = [
      'export function Card({ title }: { title: string }) {',
      '  return <h2>{title}</h2>;',
      '}',
      '',
    ].join('\n');
    const page = (titles: string[]) =>
      [
        "import { Card } from './Card';",
        '',
        'export function Board() {',
        `  return <main>${titles.map((title) => `<Card title="${title}" />`).join('')}</main>;`,
        '}',
        '',
      ].join('\n');
    const { token, project, firstTask } = await projectWriting('A board', {
      'src/components/Card.tsx': card,
      'src/components/Board.tsx': page(['Groceries', 'Chores']),
    });
    const previewVersionId = await shownVersionId(token, project.id);
    const heading = {
      componentName: 'Card',
      filePath: 'src/components/Card.tsx',
      line: 2,
      column: 10,
      tagName: 'h2',
      page: '/',
    };
    const source = (path: string) => sourceOf(token, project.id, path);

    const saved = await apply(token, project.id, previewVersionId, [
      {
        selectedLayout: heading,
        command: 'UPDATE',
        newTextContent: 'Errands',
        previousTextContent: 'Groceries',
      },
    ]);
    expect(saved.status).toBe(200);
    expect(await source('src/components/Board.tsx')).toBe(page(['Errands', 'Chores']));
    expect(await source('src/components/Card.tsx')).toBe(card);

    // Two uses show the same text: which one the person saw is not clear, so nothing changes.
    env.model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'src/components/Board.tsx', content: page(['Chores', 'Chores']) },
          },
        ],
      },
      { text: 'Two of them.' },
    );
    expect(
      (await sendMessage(env.server, token, firstTask.id, { content: 'Make both chores' })).status,
    ).toBe(201);
    await waitForIdle(env.server, token, project.id);
    const newestVersionId = await shownVersionId(token, project.id);
    const refused = await apply(token, project.id, newestVersionId, [
      {
        selectedLayout: heading,
        command: 'UPDATE',
        newTextContent: 'Errands',
        previousTextContent: 'Chores',
      },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'The text comes from the title of Card, and 2 places write <Card title="Chores">, so which one to change is not clear. Ask the assistant in the chat to make this change.',
    );
    expect(await source('src/components/Board.tsx')).toBe(page(['Chores', 'Chores']));
  });

  it('changes a list item’s text in the module that exports the list', async () => {
    const { token } = await signUp(env.server);
    const data = "export const PLANS = [{ name: 'Starter' }, { name: 'Pro' }];\n";
    const catalog = [
      "import { PLANS } from '../data/plans';",
      '',
      'export function Catalog() {',
      '  return (',
      '    <ul>',
      '      {PLANS.map((plan) => (',
      '        <li key={plan.name}>{plan.name}</li>',
      '      ))}',
      '    </ul>',
      '  );',
      '}',
      '',
    ].join('\n');
    env.model.enqueue(
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'src/data/plans.ts', content: data } },
          { name: 'write_file', input: { path: 'src/components/Catalog.tsx', content: catalog } },
        ],
      },
      { text: 'Added the catalog.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A catalog page');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    const previewVersionId = await shownVersionId(token, project.id);
    const saved = await apply(token, project.id, previewVersionId, [
      {
        selectedLayout: {
          componentName: 'Catalog',
          filePath: 'src/components/Catalog.tsx',
          line: 7,
          column: 9,
          tagName: 'li',
          page: '/',
        },
        command: 'UPDATE',
        newTextContent: 'Team',
        previousTextContent: 'Pro',
      },
    ]);
    expect(saved.status).toBe(200);
    const read = (filePath: string) => sourceOf(token, project.id, filePath);
    expect(await read('src/data/plans.ts')).toBe(data.replace("'Pro'", "'Team'"));
    expect(await read('src/components/Catalog.tsx')).toBe(catalog);
  });

  it('waits while the assistant works on the project', async () => {
    const { token, project, task, baseVersionId } = await starterProject();
    env.model.enqueue({ text: 'Thinking it over…', delayMs: 1500 });
    expect(
      (await sendMessage(env.server, token, task.id, { content: 'Take your time' })).status,
    ).toBe(201);
    const busy = await apply(token, project.id, baseVersionId, [
      { selectedLayout: heading, command: 'UPDATE', newTextContent: 'Now' },
    ]);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/The assistant is working on this project/);
    await waitForTask(env.server, token, task.id);
  });

  it('answers 404 for another person’s project and 400 for a path that leaves the project', async () => {
    const { project, baseVersionId } = await starterProject();
    const stranger = await signUp(env.server);
    const foreign = await apply(stranger.token, project.id, baseVersionId, [
      { selectedLayout: heading, command: 'DELETE' },
    ]);
    expect(foreign.status).toBe(404);

    const { token, project: own, baseVersionId: ownBase } = await starterProject();
    const escaping = await apply(token, own.id, ownBase, [
      { selectedLayout: { ...heading, filePath: '../../etc/passwd' }, command: 'DELETE' },
    ]);
    expect(escaping.status).toBe(400);
    expect(await sourceOf(token, own.id)).toBe(TEMPLATE_FILES['src/App.tsx']);
  });

  it('answers a clear 4xx to a task id that is no id and to paths that are no file of a project', async () => {
    const { token, project, baseVersionId } = await starterProject();
    const notUuid = await env.server.request<ApiErrorBody>(
      'POST',
      `/api/projects/${project.id}/visual-edits`,
      {
        token,
        body: {
          taskId: 'not-a-task',
          baseVersionId,
          edits: [{ selectedLayout: heading, command: 'DELETE' }],
        },
      },
    );
    expect(notUuid.status).toBe(404);
    expect(notUuid.body.message).toBe('That task is not part of this project.');

    for (const [filePath, message] of [
      [' ', /The path is empty/],
      ['node_modules/react/index.js', /inside node_modules/],
      ['NODE_MODULES/react/index.js', /inside node_modules/],
      ['.git/config', /inside \.git/],
      ['src/\u202eApp.tsx', /text-reordering/],
    ] as const) {
      const refused = await apply(token, project.id, baseVersionId, [
        { selectedLayout: { ...heading, filePath }, command: 'DELETE' },
      ]);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect(await sourceOf(token, project.id)).toBe(TEMPLATE_FILES['src/App.tsx']);
  });
});
