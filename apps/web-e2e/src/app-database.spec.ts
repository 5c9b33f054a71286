import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import { conversation } from './preview-support';
import { createProjectThroughApi, queueModelReplies, signedIn } from './support';
import { randomUUID } from 'node:crypto';

// Apps that remember, in Chromium against the real server: the assistant (the scripted model)
// turns the database on and writes a notes app with @supabase/supabase-js; two app users sign up
// in the preview and each sees only their own notes; reverting the preview takes the data back
// with the code, and forward again brings it back; the published app has a database of its own.

const NOTES_MIGRATION = `create table notes (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id),
  body text not null
);
alter table notes enable row level security;
create policy "own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
`;

// The notes app on the starter's kit: its sign-in screen and session (src/components/auth/),
// and its client (src/lib/supabase.ts), as the system prompt teaches.
const NOTES_APP = `import { useEffect, useState, type FormEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import { SignedIn, signOut } from '@/components/auth/session';
import { supabase } from '@/lib/supabase';

interface Note {
  id: number;
  body: string;
}

function Notes({ session }: { session: Session }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    void supabase
      .from('notes')
      .select('id, body')
      .order('id')
      .then(({ data, error: failed }) => {
        if (failed) setError(failed.message);
        else setNotes(data ?? []);
      });
  }, [session]);

  async function addNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('body') as HTMLInputElement;
    const { data, error: failed } = await supabase
      .from('notes')
      .insert({ body: input.value })
      .select('id, body')
      .single();
    if (failed) setError(failed.message);
    else {
      setNotes((list) => [...list, data]);
      input.value = '';
    }
  }

  return (
    <main>
      <h1>Notes of {session.user.email}</h1>
      <form aria-label="New note" onSubmit={(event) => void addNote(event)}>
        <label>
          Note <input name="body" required />
        </label>
        <button type="submit">Add</button>
      </form>
      <ul aria-label="My notes">
        {notes.map((note) => (
          <li key={note.id}>{note.body}</li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </main>
  );
}

export function App() {
  return <SignedIn title="Notes">{(session) => <Notes session={session} />}</SignedIn>;
}
`;

/** A page of the app in version 1, before the database. */
const PLAIN_APP = `export function App() {
  return (
    <main>
      <h1>Nothing kept yet</h1>
    </main>
  );
}
`;

const PASSWORD = 'notes-password-1';

/** The preview's frame on the project's own origin. */
function preview(page: Page, projectId: string): Frame {
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`http://p-${projectId}.localhost:`));
  if (!frame) throw new Error('The preview frame is not on the project’s origin.');
  return frame;
}

/** Signs up (or in) in the notes app of `app`, as the person with `email`. */
async function enter(app: Frame | Page, email: string, button: 'Sign up' | 'Sign in') {
  const form = app.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: button }).click();
  await expect(app.getByRole('heading', { level: 1, name: `Notes of ${email}` })).toBeVisible();
}

async function addNote(app: Frame | Page, body: string) {
  const form = app.getByRole('form', { name: 'New note' });
  await form.getByLabel('Note').fill(body);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(app.getByRole('list', { name: 'My notes' }).getByText(body)).toBeVisible();
}

test('a notes app where each person sees only their notes: the preview’s database, time travel, and the published app’s own database', async ({
  page,
  browser,
}) => {
  test.setTimeout(8 * 60_000);
  const key = `notes-${randomUUID().slice(0, 8)}`;
  await queueModelReplies(key, [
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: PLAIN_APP } }] },
    { text: 'A first page.' },
    { toolCalls: [{ name: 'enable_database', input: {} }] },
    {
      toolCalls: [
        {
          name: 'write_file',
          input: { path: 'db/migrations/001_notes.sql', content: NOTES_MIGRATION },
        },
        { name: 'apply_migrations', input: {} },
      ],
    },
    {
      toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: NOTES_APP } }],
    },
    { text: 'I turned on the database: each person who signs up sees only their own notes.' },
  ]);
  const { token } = await signedIn(page);
  const auth = { authorization: `Bearer ${token}` };
  const { project, firstTask } = await createProjectThroughApi(
    page.request,
    token,
    `A notes app ${key}`,
  );
  await page.goto(`/projects/${project.id}`);
  const chat = conversation(page).getByRole('article', { name: 'Assistant’s message' });
  await expect(chat.getByText('A first page.')).toBeVisible();
  const sent = await page.request.post(`/api/tasks/${firstTask.id}/logs`, {
    headers: auth,
    data: { content: 'A notes app where each person sees only their notes' },
  });
  expect(sent.status()).toBe(201);
  await expect(chat.getByText(/I turned on the database/)).toBeVisible({ timeout: 4 * 60_000 });

  // Two people sign up in the preview: each sees only their own notes.
  const app = () => preview(page, project.id);
  await expect(app().getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  const alice = `alice-${key}@example.com`;
  await enter(app(), alice, 'Sign up');
  await addNote(app(), 'Alice’s shopping list');
  await app().getByRole('button', { name: 'Sign out' }).click();
  const bob = `bob-${key}@example.com`;
  await enter(app(), bob, 'Sign up');
  await expect(app().getByRole('list', { name: 'My notes' }).getByRole('listitem')).toHaveCount(0);
  await addNote(app(), 'Bob’s idea');
  await expect(app().getByText('Alice’s shopping list')).toBeHidden();
  await app().getByRole('button', { name: 'Sign out' }).click();

  // A refused request shows in the preview's console, in the data API's words.
  const signIn = app().getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(alice);
  await signIn.getByLabel('Password').fill('not her password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(app().getByRole('alert')).toHaveText('Invalid login credentials');
  await page.getByRole('button', { name: /^Console/ }).click();
  await expect(
    page
      .getByRole('list', { name: 'Console messages' })
      .getByText(
        'Data API refused sign-in (token): 400 invalid_credentials: Invalid login credentials',
      ),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Console/ }).click();

  // Revert the preview to version 1: the data goes back with the code.
  const versions = (await (
    await page.request.get(`/api/tasks/${firstTask.id}/versions`, { headers: auth })
  ).json()) as { versions: { versionId: string; index: number }[] };
  const version = (index: number) =>
    versions.versions.find((candidate) => candidate.index === index)?.versionId ?? '';
  const revert = async (index: number) => {
    const answer = await page.request.post(`/api/tasks/${firstTask.id}/revert`, {
      headers: auth,
      data: { versionId: version(index) },
    });
    expect(answer.status()).toBe(200);
  };
  await revert(1);
  await expect(app().getByRole('heading', { level: 1, name: 'Nothing kept yet' })).toBeVisible();
  // Forward again: Alice signs in and finds her note.
  await revert(2);
  await expect(app().getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await enter(app(), alice, 'Sign in');
  await expect(app().getByRole('list', { name: 'My notes' }).getByRole('listitem')).toHaveText([
    'Alice’s shopping list',
  ]);

  // Published: the app runs on a production database of its own, with users of its own.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText('Your app is live')).toBeVisible({ timeout: 4 * 60_000 });
  const url =
    (await dialog.getByRole('link', { name: 'Open the app in a new tab' }).getAttribute('href')) ??
    '';
  const visitor = await browser.newContext();
  try {
    const live = await visitor.newPage();
    await live.goto(url);
    await expect(live.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    const form = live.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(alice);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(live.getByRole('alert')).toHaveText('Invalid login credentials');
    const carol = `carol-${key}@example.com`;
    await enter(live, carol, 'Sign up');
    await expect(live.getByRole('list', { name: 'My notes' }).getByRole('listitem')).toHaveCount(0);
    await addNote(live, 'Carol’s first note');
    await live.reload();
    await expect(
      live.getByRole('list', { name: 'My notes' }).getByText('Carol’s first note'),
    ).toBeVisible();

    // The published app's database history: Restore to before this publish, then undo it.
    /** Carol signs in on the live app in a browser of her own, and sees `what`. */
    const carolSignsIn = async (what: (live: Page) => Locator) => {
      const newcomer = await browser.newContext();
      try {
        const again = await newcomer.newPage();
        await again.goto(url);
        const form = again.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('Email').fill(carol);
        await form.getByLabel('Password').fill(PASSWORD);
        await form.getByRole('button', { name: 'Sign in' }).click();
        await expect(what(again)).toBeVisible();
      } finally {
        await newcomer.close();
      }
    };
    const backups = dialog.getByRole('list', { name: 'Database backups' });
    const restoreBackup = async (name: RegExp) => {
      await backups.getByRole('button', { name }).click();
      const question = page.getByRole('alertdialog', {
        name: "Restore the published app's database?",
      });
      await question.getByRole('button', { name: 'Restore' }).click();
      await expect(question).toBeHidden();
    };
    await restoreBackup(/^Restore the database as it was before version \d+ was published$/);
    await expect(backups.getByText('Before a restore')).toBeVisible();
    await carolSignsIn((live) => live.getByRole('alert').getByText('Invalid login credentials'));
    await restoreBackup(/^Restore the database as it was before a restore$/);
    await carolSignsIn((live) =>
      live.getByRole('list', { name: 'My notes' }).getByText('Carol’s first note'),
    );
  } finally {
    await visitor.close();
  }
});
