import { appSlugs, type Database, deployments, projects, versions } from '@mason/server-db';

/**
 * A project of `userId`'s, as rows (the domains spec composes no projects domain): with a first
 * version, and published (a LIVE deployment of it) unless `published` is false.
 */
export async function aProject(
  db: Database,
  userId: string,
  { published = true, slug }: { published?: boolean; slug?: string } = {},
): Promise<string> {
  const [project] = await db
    .insert(projects)
    .values({ userId, name: 'Mug shop', description: 'A shop', type: 'INTERNAL', status: 'READY' })
    .returning({ id: projects.id });
  if (!project) throw new Error('no project');
  const [version] = await db
    .insert(versions)
    .values({ projectId: project.id, index: 0, manifest: {}, summary: 'The starter app' })
    .returning({ id: versions.id });
  if (!version) throw new Error('no version');
  if (published)
    await db.insert(deployments).values({
      projectId: project.id,
      versionId: version.id,
      status: 'LIVE',
      manifest: {},
      liveAt: new Date(),
    });
  if (slug) await db.insert(appSlugs).values({ slug, projectId: project.id });
  return project.id;
}
