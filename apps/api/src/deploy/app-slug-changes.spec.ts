import {
  APP_SLUG_CHANGES_PER_DAY,
  APP_SLUG_NEEDS_PUBLISHED_APP,
  type ApiErrorBody,
  type DeploymentResponse,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import { publishAndWait } from '../test-utils/publishing';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { readyProject } from '../test-utils/task-loop';

// Slug squatting: each change of an app's name holds the old name for 30 days, so a project that
// is not published may not take names, and a published one changes its name only so often.

describe('changing an app’s name', () => {
  const env = useScriptedTestApp();

  const change = (token: string, projectId: string, slug: string) =>
    env.server
      .as(token)
      .post<DeploymentResponse & ApiErrorBody>(`/api/projects/${projectId}/deployment/slug`, {
        slug,
      });
  const state = async (token: string, projectId: string) =>
    (await env.server.as(token).get<DeploymentResponse>(`/api/projects/${projectId}/deployment`))
      .body;
  /** Whether another person's published project can take `slug` (nobody holds it). */
  const freeFor = async (other: { token: string; projectId: string }, slug: string) =>
    (await change(other.token, other.projectId, slug)).status === 200;

  it('needs a published app: a project never published, or taken offline, takes no name', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'Squatter');

    const never = await change(token, project.id, 'squatted-name');
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(APP_SLUG_NEEDS_PUBLISHED_APP);
    expect(never.body.fieldErrors).toEqual({ slug: APP_SLUG_NEEDS_PUBLISHED_APP });
    expect((await state(token, project.id)).slug).toBeNull();

    const published = await publishAndWait(env.server, token, project.id);
    const offline = await env.server.as(token).delete(`/api/projects/${project.id}/deployment`);
    expect(offline.status).toBe(200);
    const later = await change(token, project.id, 'squatted-name');
    expect(later.status).toBe(409);
    expect(later.body.message).toBe(APP_SLUG_NEEDS_PUBLISHED_APP);
    expect((await state(token, project.id)).slug).toBe(published.slug);

    // Nobody holds the name it asked for.
    const other = await signUp(env.server);
    const { project: theirs } = await readyProject(env.server, env.model, other.token);
    await publishAndWait(env.server, other.token, theirs.id);
    expect(await freeFor({ token: other.token, projectId: theirs.id }, 'squatted-name')).toBe(true);
  });

  it(`changes a published app’s name ${APP_SLUG_CHANGES_PER_DAY} times a day, then says when it can change again`, async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'Renamer');
    await publishAndWait(env.server, token, project.id);

    for (let index = 1; index <= APP_SLUG_CHANGES_PER_DAY; index += 1) {
      const renamed = await change(token, project.id, `renamer-${index}`);
      expect({ index, status: renamed.status }).toEqual({ index, status: 200 });
      expect(renamed.body.slug).toBe(`renamer-${index}`);
    }
    // Asking for the name it has already is no change, and is not refused.
    expect((await change(token, project.id, `renamer-${APP_SLUG_CHANGES_PER_DAY}`)).status).toBe(
      200,
    );

    const refused = await change(token, project.id, 'renamer-one-more');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `An app’s name can change ${APP_SLUG_CHANGES_PER_DAY} times a day. You can change it again in 24 hours.`,
    );
    expect(refused.body.fieldErrors).toEqual({ slug: refused.body.message });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(refused.body.retryAfterSeconds).toBe(retryAfter);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Taking back one of its own old names is a change too.
    expect((await change(token, project.id, 'renamer-1')).status).toBe(429);

    // Nothing changed: the name is the last one, and the refused one is free for others.
    expect((await state(token, project.id)).slug).toBe(`renamer-${APP_SLUG_CHANGES_PER_DAY}`);
    const other = await signUp(env.server);
    const { project: theirs } = await readyProject(env.server, env.model, other.token);
    await publishAndWait(env.server, other.token, theirs.id);
    expect(await freeFor({ token: other.token, projectId: theirs.id }, 'renamer-one-more')).toBe(
      true,
    );
  });
});
