import { signUp } from '../test-utils/accounts';
import { requestAsHost, projectPreview, bridgeConfigOf } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { readyProject } from '../test-utils/task-loop';

/** The origins a preview page lets frame it (its CSP's frame-ancestors). */
const frameAncestorsOf = (csp: string | string[] | undefined) =>
  /frame-ancestors ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

/**
 * Defect 5.2 of issue 10: Mason opened at http://127.0.0.1:4200 (PUBLIC_URL
 * http://localhost:4200) shows its previews: every loopback name of Mason's own port may frame
 * them, and the bridge talks to each.
 */
describe('the preview host: the loopback origins of Mason frame a preview', () => {
  const env = useScriptedTestApp({ publicUrl: 'http://localhost:4200' });

  it('lets localhost and 127.0.0.1 on Mason’s port frame the preview, and the bridge talk to them', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const page = await requestAsHost(env.port, preview.url);
    expect(page.status).toBe(200);

    // Not http://[::1]:4200: a CSP source cannot name an IPv6 literal, and Chromium reports it
    // as an invalid source on every preview page.
    const loopback = ['http://localhost:4200', 'http://127.0.0.1:4200'];
    expect(frameAncestorsOf(page.headers['content-security-policy']).sort()).toEqual(
      [...loopback].sort(),
    );
    const bridge = bridgeConfigOf<{ parentOrigins: string[] }>(page.body);
    expect([...bridge.parentOrigins].sort()).toEqual([...loopback].sort());
  });
});

describe('the preview host: only Mason’s own origin frames a preview elsewhere', () => {
  const env = useScriptedTestApp({ publicUrl: 'https://mason.example.com' });

  it('names PUBLIC_URL’s origin alone', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const page = await requestAsHost(env.port, preview.url);
    expect(frameAncestorsOf(page.headers['content-security-policy'])).toEqual([
      'https://mason.example.com',
    ]);
  });
});
