/** A Babel node as the preview build walks it: its type, positions and child values. */
export interface AstNode {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly loc?: { readonly start: { readonly line: number; readonly column: number } } | null;
  readonly [key: string]: unknown;
}

export function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}
