import type { Diagnostic } from '@mason/server-workspace';

/** A source file that does not parse, so its elements cannot be tagged. */
export class PreviewSyntaxError extends Error {
  override readonly name = 'PreviewSyntaxError';
  readonly diagnostic: Diagnostic;

  constructor(diagnostic: Diagnostic) {
    const where =
      diagnostic.line === null
        ? (diagnostic.file ?? 'the project')
        : `${diagnostic.file ?? 'the project'}:${diagnostic.line}${diagnostic.column === null ? '' : `:${diagnostic.column}`}`;
    super(`${where}: ${diagnostic.message}`);
    this.diagnostic = diagnostic;
  }
}
