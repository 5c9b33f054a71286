import { buildSystemPrompt } from './system-prompt';

describe('buildSystemPrompt', () => {
  const prompt = buildSystemPrompt({ runtimePackages: ['react', 'react-dom', 'lucide-react'] });

  it('names the packages the app may import, one per line', () => {
    expect(prompt).toContain('- react\n- react-dom\n- lucide-react');
  });

  it('tells the model the Vite layout and how to work: small edits, check after changes, ask for secrets', () => {
    expect(prompt).toContain('src/main.tsx');
    expect(prompt).toContain('src/App.tsx');
    expect(prompt).toContain('src/components');
    expect(prompt).toMatch(/edit_file with a small old_string/);
    expect(prompt).toMatch(/run check_project/);
    expect(prompt).toMatch(/request_env_variable/);
    expect(prompt).toMatch(/Never invent keys/);
    expect(prompt).toMatch(/Keep answers short/);
  });

  it('teaches the stack: Tailwind classes over the theme, the component kit, responsive, never fixed colours', () => {
    expect(prompt).toMatch(/Tailwind CSS v4 classes/);
    expect(prompt).toMatch(/The theme is in src\/globals\.css/);
    expect(prompt).toMatch(/Never hard-code colours/);
    expect(prompt).toMatch(/use the kit in src\/components\/ui \(Button, Input, Label/);
    expect(prompt).toMatch(/cn\(\) from '@\/lib\/utils'/);
    expect(prompt).toMatch(/responsive: it works at 390 px wide first/);
    expect(prompt).not.toMatch(/plain CSS files/);
  });

  it('adds the task instructions when there are any', () => {
    expect(prompt).not.toContain('Instructions for this task');
    const withInstructions = buildSystemPrompt({
      runtimePackages: [],
      instructions: '  Use a dark theme.  ',
    });
    expect(withInstructions).toMatch(/## Instructions for this task\nUse a dark theme\.$/);
    expect(withInstructions).toContain('- (none besides react and react-dom)');
  });

  it('names the project’s environment variables and where each goes, and says how the app reads VITE_ ones', () => {
    const withKeys = buildSystemPrompt({
      runtimePackages: [],
      envKeys: ['STRIPE_SECRET_KEY', 'VITE_GREETING'],
    });
    expect(withKeys).toContain('- VITE_GREETING: read it as import.meta.env.VITE_GREETING');
    expect(withKeys).toContain('- STRIPE_SECRET_KEY: server only, not readable by the app');
    expect(withKeys).toMatch(/names only, never their values/);
    expect(prompt).toMatch(/## Environment variables\nThe project has none yet\./);
    expect(prompt).toMatch(/import\.meta\.env\.VITE_NAME/);
  });

  it('names the files of the public/ folder by the path the code uses, and says how to use them', () => {
    expect(prompt).not.toContain('## Assets');
    const withAssets = buildSystemPrompt({
      runtimePackages: [],
      publicFiles: [
        { path: 'public/logo.png', size: 12_345 },
        { path: 'public/fonts/brand.woff2', size: 800 },
      ],
    });
    expect(withAssets).toContain(
      '- /fonts/brand.woff2 (public/fonts/brand.woff2, 800 B)\n- /logo.png (public/logo.png, 12 KB)',
    );
    expect(withAssets).toMatch(/serves each at the site root/);
    expect(withAssets).toMatch(/Never import them/);
  });

  it('names at most 100 public files and says how many more there are', () => {
    const publicFiles = Array.from({ length: 130 }, (_, index) => ({
      path: `public/img-${String(index).padStart(3, '0')}.png`,
      size: 10,
    }));
    const withMany = buildSystemPrompt({ runtimePackages: [], publicFiles });
    expect(withMany).toContain('- /img-099.png');
    expect(withMany).not.toContain('- /img-100.png');
    expect(withMany).toContain('- … and 30 more (list_files shows them all)');
  });

  it('says nothing of a database when the turn has none, and keeps data in the browser', () => {
    expect(prompt).not.toContain('## The database');
    expect(prompt).not.toMatch(/supabase|enable_database/i);
    expect(prompt).toMatch(/Keep data in React state or localStorage unless the person asks/);
  });

  it('teaches the database when it is on: the starter’s client, migrations with their undo, row-level security in the same migration, ownership by auth.uid(), the kit’s sign-in, no secrets', () => {
    const on = buildSystemPrompt({ runtimePackages: [], database: { enabled: true } });
    expect(on).toMatch(/## The database\nThe project's database is on/);
    expect(on).toContain(
      "The client is the starter's src/lib/supabase.ts: `import { supabase } from '@/lib/supabase';`",
    );
    expect(on).toMatch(/With each migration write its undo, db\/migrations\/NNN_name\.down\.sql/);
    expect(on).toMatch(
      /write a new file db\/migrations\/NNN_name\.sql .* with write_file, and call apply_migrations/,
    );
    expect(on).toMatch(/read_database_schema first/);
    expect(on).toMatch(/An applied migration never changes: write a new one/);
    expect(on).toMatch(
      /Every table gets row-level security and its policies in the same migration that creates it: `alter table notes enable row level security;`/,
    );
    expect(on).toContain(
      '`user_id uuid not null default auth.uid() references auth.users(id)`, and policies to authenticated',
    );
    expect(on).toContain('using (user_id = (select auth.uid()))');
    expect(on).toContain('with check (user_id = (select auth.uid()))');
    expect(on).toContain(
      "Sign-in, once the app has users: the kit's screen and session in src/components/auth (read them first). `<SignedIn title=\"Notes\">{(session) => <Notes session={session} />}</SignedIn>` from '@/components/auth/session'",
    );
    expect(on).toMatch(/useSession\(\) reads it elsewhere, signOut\(\) ends it/);
    expect(on).toMatch(
      /Never put a service key, a database password or any other secret in the code/,
    );
    expect(on).not.toMatch(/call enable_database first/);
    expect(on).toMatch(/there is no server of its own, but the project has a built-in database/);
  });

  it('tells the model to turn the database on (and say so) only when the request needs stored data or sign-in', () => {
    const off = buildSystemPrompt({ runtimePackages: [], database: { enabled: false } });
    expect(off).toMatch(
      /## The database\nThe project has a built-in PostgreSQL database .*; it is off\./,
    );
    expect(off).toMatch(
      /needs data stored on a server \(kept across devices, shared between people\) or sign-in, call enable_database first and say in your answer that you turned the database on; otherwise leave it off/,
    );
    // What to do once it is on is taught at once: the turn goes on after enable_database.
    expect(off).toContain('src/lib/supabase.ts');
    expect(off).toContain('alter table notes enable row level security;');
  });
});
