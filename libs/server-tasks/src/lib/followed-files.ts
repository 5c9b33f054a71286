import { normalizeProjectPath, type WorkingFiles } from '@mason/server-workspace';

/** Files written (path -> text) or deleted (null) in a turn, before a version stores them. */
export type WrittenFiles = Readonly<Record<string, string | null>>;

/**
 * The turn's working files, with each write and delete that took effect told to `written` at
 * once (the project's live previews follow them as the assistant writes). The files are still
 * stored only when the turn's version is made: a preview showing files not stored yet gets the
 * newest version again when it reloads or reconnects.
 */
export function followedFiles(files: WorkingFiles, written: (changes: WrittenFiles) => void) {
  const followed: WorkingFiles = {
    list: () => files.list(),
    read: (path) => files.read(path),
    check: () => files.check(),
    async write(path, content) {
      await files.write(path, content);
      written({ [normalizeProjectPath(path)]: content });
    },
    async delete(path) {
      const deleted = await files.delete(path);
      if (deleted) written({ [normalizeProjectPath(path)]: null });
      return deleted;
    },
  };
  return followed;
}
