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

  it('adds the task instructions when there are any', () => {
    expect(prompt).not.toContain('Instructions for this task');
    const withInstructions = buildSystemPrompt({ runtimePackages: [], instructions: '  Use a dark theme.  ' });
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
});
