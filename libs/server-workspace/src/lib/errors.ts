/**
 * Errors whose message is written for the reader who caused them: the AI model (through its file
 * tools) or a person. Callers may show `message` as it is; it never holds a stack or internals.
 */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A path that is not a plain relative path inside the project. */
export class FilePathError extends WorkspaceError {}

/** A file or a project over the size limits (MAX_FILE_BYTES, MAX_PROJECT_FILES). */
export class WorkspaceLimitError extends WorkspaceError {}

/** A binary file (an image, a font) read as text. */
export class BinaryFileError extends WorkspaceError {}
