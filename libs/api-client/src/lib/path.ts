/** The `:name` params of a Fastify-style path ('/projects/:id/env/:key' -> 'id' | 'key'). */
export type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** Fills an ApiRoutes path: fillPath('/projects/:id', { id: 'p 1' }) -> '/projects/p%201'. */
export function fillPath<Path extends string>(
  path: Path,
  params: Record<PathParams<Path>, string>,
): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
