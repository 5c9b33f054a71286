import { expect, test, type Page } from '@playwright/test';
import {
  pushOutsideCommits,
  seedRepository,
  startGitServer,
  type GitServer,
  type GithubStandIn,
} from '@mason/server-code-hosting/testing';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { previewFrame } from './preview-support';
import { startMasonWithGithub, type MasonWithGithub } from './github-support';
import { newPerson, PROJECT_URL, submitSignUp } from './support';

// A project's repository from its Settings, in Chromium, against a Mason of this spec's own:
// GitHub is a loopback stand-in (OAuth and REST) whose repositories live on a real git server
// (git http-backend) that takes only the stand-in's live tokens. The offline demo model makes the
// versions (no provider key is set).
test.describe('pushing a project to a GitHub repository picked in its Settings', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  const login = 'octo-e2e';
  const SEED_TOKEN = 'seed-token';
  let gitServer: GitServer;
  let rig: MasonWithGithub;
  let github: GithubStandIn;
  let origin: string;

  test.beforeAll(async () => {
    // A fresh database's migrations, on a machine that may be busy.
    test.setTimeout(150_000);
    gitServer = await startGitServer({
      acceptToken: (token) => token === SEED_TOKEN || github.liveTokens.has(token),
    });
    rig = await startMasonWithGithub({
      login,
      git: gitServer,
      repositories: [
        { name: 'reading-list', branches: ['main'] },
        { name: 'other-thing', branches: ['main'] },
        { name: 'shared-app', branches: ['main'] },
        { name: 'bakery', private: true, branches: ['main'] },
      ],
    });
    ({ github, origin } = rig);
    // A private repository with an app in it, for the import.
    await seedRepository(
      gitServer,
      'octo-e2e/bakery',
      {
        main: {
          ...TEMPLATE_FILES,
          'src/App.tsx': TEMPLATE_FILES['src/App.tsx'].replace(
            'Your app starts here',
            'Rye, spelt and sourdough',
          ),
        },
      },
      { token: SEED_TOKEN },
    );
  });

  /** The commits of a branch of the linked repository on the git server, newest first. */
  const commitsOn = async (branch: string) =>
    (await gitServer.git('octo-e2e/reading-list', 'log', '--format=%H %s', `refs/heads/${branch}`))
      .trim()
      .split('\n')
      .map((line) => ({ sha: line.slice(0, 40), subject: line.slice(41) }));

  /**
   * A new person's project whose first version the demo model makes, with GitHub connected from
   * its Settings (left open): a pop-up the stand-in approves, whose callback tells this page and
   * closes itself.
   */
  async function connectedProject(page: Page, description: string) {
    await submitSignUp(page, newPerson(), origin);
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await page.goto(`${origin}/dashboard/projects/new`);
    await page.getByRole('textbox', { name: 'Describe the app you want' }).fill(description);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(PROJECT_URL);
    const chat = page.getByRole('log', { name: 'Conversation' });
    await expect(chat.getByText('Version 1', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    const section = settings.getByRole('region', { name: 'Code hosting' });
    const popupOpened = page.waitForEvent('popup');
    await section.getByRole('button', { name: 'Connect GitHub' }).click();
    await (await popupOpened).waitForEvent('close');
    return { chat, settings, section };
  }

  test.afterAll(async () => {
    await rig?.stop();
    await gitServer?.close();
  });

  test('connect GitHub from the Settings, pick a repository and a new branch, link: each version is a commit there, the Settings say Pushed; unlink', async ({
    page,
  }) => {
    const { chat, settings, section } = await connectedProject(
      page,
      'A reading list with Dune, Emma and Ulysses',
    );
    expect(github.liveTokens.size).toBe(1);

    // The account's repositories; pick one and name a new branch.
    await section.getByRole('radio', { name: /octo-e2e\/reading-list/ }).check();
    await expect(section.getByRole('combobox', { name: 'Branch' })).toHaveValue('main');
    await section.getByRole('combobox', { name: 'Branch' }).selectOption('A new branch…');
    await section.getByRole('textbox', { name: 'New branch name' }).fill('mason/site');
    await section.getByRole('button', { name: 'Link octo-e2e/reading-list' }).click();

    await expect(section.getByRole('link', { name: /octo-e2e\/reading-list/ })).toBeVisible();
    await expect(section.getByText('mason/site', { exact: true })).toBeVisible();
    // Linking wakes the push queue: version 1 becomes a commit on the branch.
    await expect(section.getByText('Pushed', { exact: true })).toBeVisible({ timeout: 60_000 });
    // Version 0 (the starter) and version 1, oldest first, each a commit with its summary.
    const commits = await commitsOn('mason/site');
    expect(commits.map(({ subject }) => subject)).toEqual([
      expect.stringMatching(/^Built Reading List/),
      'Starter app',
    ]);
    await expect(
      section.getByRole('link', { name: new RegExp(commits[0]?.sha.slice(0, 7) ?? '-') }),
    ).toBeVisible();
    const files = await gitServer.git(
      'octo-e2e/reading-list',
      'ls-tree',
      '-r',
      '--name-only',
      'refs/heads/mason/site',
    );
    expect(files.split('\n')).toEqual(expect.arrayContaining(['src/App.tsx']));

    // A new version while linked: it is pushed on its own, and the Settings follow.
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    const composer = page.getByRole('form', { name: 'Message the assistant' });
    await composer.getByRole('textbox', { name: 'Message' }).fill('Also add Hamlet');
    await composer.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('Version 2', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(async () => (await commitsOn('mason/site')).length, { timeout: 60_000 })
      .toBe(3);
    const newest = (await commitsOn('mason/site'))[0];

    // Reopened, the Settings say so (the server's state, not the page's memory).
    await page.getByRole('button', { name: 'Project settings' }).click();
    await expect(section.getByText('Pushed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByText('mason/site', { exact: true })).toBeVisible();
    await expect(
      section.getByRole('link', { name: new RegExp(newest?.sha.slice(0, 7) ?? '-') }),
    ).toBeVisible();

    // Unlink, after a confirmation: the repository keeps its commits, the picker comes back.
    await section.getByRole('button', { name: 'Unlink' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unlink octo-e2e/reading-list?' });
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect(
      section.getByRole('searchbox', { name: 'Search your repositories' }),
    ).toBeFocused();
    expect(await commitsOn('mason/site')).toHaveLength(3);
  });

  test('a file changed on GitHub and in Mason: the USER_COMMIT card leads to the conflict in the Settings, the person keeps GitHub’s side, and the merge with both parents is pushed and previewed', async ({
    page,
  }) => {
    // Connect and link the repository's main branch; version 1 is pushed.
    const { chat, settings, section } = await connectedProject(
      page,
      'A reading list with Dune and Emma',
    );
    await section.getByRole('radio', { name: /octo-e2e\/shared-app/ }).check();
    await section.getByRole('button', { name: 'Link octo-e2e/shared-app' }).click();
    await expect(section.getByText('Pushed', { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    const composer = page.getByRole('form', { name: 'Message the assistant' });
    const send = async (message: string) => {
      await composer.getByRole('textbox', { name: 'Message' }).fill(message);
      await composer.getByRole('button', { name: 'Send' }).click();
    };
    await send('Also add Ulysses');
    await expect(chat.getByText('Version 2', { exact: true })).toBeVisible({ timeout: 60_000 });
    const commitCount = async () =>
      Number(await gitServer.git('octo-e2e/shared-app', 'rev-list', '--count', 'main'));
    await expect.poll(commitCount, { timeout: 60_000 }).toBe(3);

    // Someone edits src/App.tsx on GitHub; Mason, not knowing, goes back to version 1.
    const remote = await pushOutsideCommits(
      gitServer,
      'octo-e2e/shared-app',
      'main',
      [
        {
          'src/App.tsx': 'export function App() {\n  return <h1>Edited on GitHub</h1>;\n}\n',
        },
      ],
      { token: [...github.liveTokens].at(-1) ?? '' },
    );
    const history = page.getByRole('complementary', { name: 'History' });
    await history.getByRole('button', { name: 'Revert to version 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
    await expect(chat.getByText('Version 3', { exact: true })).toBeVisible();

    // The next message waits for the person: the card leads to the code-hosting settings.
    await send('Also add Hamlet');
    const card = chat.getByRole('region', { name: 'Your commit needs a look' });
    await card.getByRole('button', { name: 'Open code hosting' }).click();
    await expect(section.getByText('Mason and GitHub both changed 1 file')).toBeVisible({
      timeout: 60_000,
    });
    // Nothing was pushed over GitHub's commit.
    expect((await gitServer.git('octo-e2e/shared-app', 'rev-parse', 'main')).trim()).toBe(remote);
    await section.getByRole('button', { name: 'Resolve conflicts' }).click();
    const resolver = page.getByRole('dialog', { name: 'Resolve conflicts' });
    const file = resolver.getByRole('group', { name: 'src/App.tsx' });
    await expect(file.getByText('Edited on GitHub').first()).toBeVisible();
    await file.getByRole('radio', { name: 'Keep GitHub’s' }).check();
    await resolver.getByRole('button', { name: 'Merge' }).click();
    await expect(resolver).toBeHidden();

    // The merge is a version, pushed as a commit whose parents are Mason's version and GitHub's.
    await expect(section.getByText('Pushed', { exact: true })).toBeVisible({ timeout: 60_000 });
    const parents = (await gitServer.git('octo-e2e/shared-app', 'log', '-1', '--format=%P', 'main'))
      .trim()
      .split(' ');
    expect(parents).toHaveLength(2);
    expect(parents[1]).toBe(remote);
    await page.keyboard.press('Escape');
    await expect(chat.getByText('Version 4', { exact: true })).toBeVisible();
    await expect(
      history.getByRole('region', { name: 'Versions' }).getByRole('listitem').first(),
    ).toContainText('Merged 1 commit from GitHub, choosing per file');
    await expect(
      previewFrame(page).getByRole('heading', { name: 'Edited on GitHub' }),
    ).toBeVisible();
  });

  test('import a private repository of the connected account: its app in the preview, the project linked to it', async ({
    page,
  }) => {
    await submitSignUp(page, newPerson(), origin);
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await page.getByRole('link', { name: 'Import a repository' }).click();
    await page.getByRole('tab', { name: 'Your GitHub' }).click();

    // Connect in a pop-up: the import form stays where it is.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await (await popupOpened).waitForEvent('close');

    await page.getByRole('radio', { name: /octo-e2e\/bakery/ }).check();
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('main');
    await page.getByRole('button', { name: 'Import project' }).click();

    await expect(page).toHaveURL(PROJECT_URL);
    await expect(
      previewFrame(page).getByRole('heading', { name: 'Rye, spelt and sourdough' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Project settings' }).click();
    const section = page
      .getByRole('dialog', { name: 'Project settings' })
      .getByRole('region', { name: 'Code hosting' });
    await expect(section.getByRole('link', { name: /octo-e2e\/bakery/ })).toBeVisible();
    await expect(section.getByText('Pushed', { exact: true })).toBeVisible();
  });
});
