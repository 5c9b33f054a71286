import { ApiRoutes } from '../routes';
import {
  DeploymentQuerySchema,
  DomainRequestSchema,
  EnvVariableSchema,
  isViteEnvKey,
  UpdateProjectRequestSchema,
  VisualEditSchema,
  ImageSourceSchema,
} from './index';

describe('project calls', () => {
  it('reads the deployment flag for the new api from the query string', () => {
    expect(DeploymentQuerySchema.parse({ newApi: 'true' })).toEqual({ newApi: true });
    expect(DeploymentQuerySchema.parse({ newApi: 'false' })).toEqual({ newApi: false });
    expect(DeploymentQuerySchema.parse({})).toEqual({});
    expect(DeploymentQuerySchema.safeParse({ newApi: 'maybe' }).success).toBe(false);
  });

  it('normalises a domain and refuses what is not a host name', () => {
    expect(DomainRequestSchema.parse({ domain: ' App.Example.COM ' })).toEqual({
      domain: 'app.example.com',
    });
    for (const domain of ['localhost', 'not a domain', 'https://example.com', '']) {
      expect(DomainRequestSchema.safeParse({ domain }).success).toBe(false);
    }
  });

  it('accepts env keys a shell accepts', () => {
    expect(
      EnvVariableSchema.safeParse({ key: 'DATABASE_URL', value: 'postgres://x' }).success,
    ).toBe(true);
    expect(EnvVariableSchema.safeParse({ key: '_private', value: '' }).success).toBe(true);
    for (const key of ['1ABC', 'WITH-DASH', 'A B', '']) {
      expect(EnvVariableSchema.safeParse({ key, value: 'x' }).success).toBe(false);
    }
  });

  it('builds VITE_ variables into the app, as Vite does, and keeps the others on the server', () => {
    expect(isViteEnvKey('VITE_GREETING')).toBe(true);
    for (const key of ['GREETING', 'vite_greeting', 'MY_VITE_KEY'])
      expect(isViteEnvKey(key)).toBe(false);
  });

  it('needs a change in a project update and in a visual UPDATE', () => {
    expect(UpdateProjectRequestSchema.safeParse({}).success).toBe(false);
    expect(UpdateProjectRequestSchema.safeParse({ name: 'Shop' }).success).toBe(true);
    const selectedLayout = {
      componentName: 'Hero',
      filePath: 'src/Hero.tsx',
      line: 4,
      column: 7,
      tagName: 'h1',
      page: '/',
    };
    expect(VisualEditSchema.safeParse({ selectedLayout, command: 'UPDATE' }).success).toBe(false);
    expect(VisualEditSchema.safeParse({ selectedLayout, command: 'DELETE' }).success).toBe(true);
    expect(
      VisualEditSchema.safeParse({
        selectedLayout,
        command: 'UPDATE',
        newStyle: { backgroundColor: 'red', '--radius': '1rem' },
      }).success,
    ).toBe(true);
    // An image's new source: a web address or a path the app serves, nothing that runs.
    const withSource = (newSrc: string) =>
      VisualEditSchema.safeParse({ selectedLayout, command: 'UPDATE', newSrc }).success;
    expect(withSource('https://example.com/team.jpg')).toBe(true);
    expect(withSource('/assets/team.jpg')).toBe(true);
    expect(withSource('./team.jpg')).toBe(true);
    expect(withSource('javascript:alert(1)')).toBe(false);
    expect(withSource('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(withSource('team photo.jpg')).toBe(false);
    expect(ImageSourceSchema.safeParse('ftp://example.com/a.png').error?.issues[0]?.message).toBe(
      'Use a web address (https://…) or a path in the app, such as /assets/photo.png.',
    );
  });

  it('keeps every project route under /projects/:id, in Fastify syntax', () => {
    const projectRoutes = Object.entries(ApiRoutes).filter(
      ([name]) => name.startsWith('project') && name !== 'projects',
    );
    expect(projectRoutes.length).toBeGreaterThan(15);
    for (const [, path] of projectRoutes)
      expect(path).toMatch(/^\/projects\/:id(\/[a-z-]+|\/:[a-zA-Z]+)*$/);
    expect(new Set(Object.values(ApiRoutes)).size).toBe(Object.values(ApiRoutes).length);
  });
});
