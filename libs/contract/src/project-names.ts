/** At most this many words in a name made from a description. */
const MAX_NAME_WORDS = 4;

/** Words that say how to ask rather than what to build: left out of a name. */
const FILLER = new Set(
  `a an the i me my we us our you your please can could would should will want need like make
  build create write generate design develop code give show let lets help just simple basic small
  little quick new nice good cool modern beautiful clean minimal single one website web site
  is are be it its this that to of in on for with and or so some`.split(/\s+/),
);

/** Words after which a description says how the app works, not what it is. */
const CLAUSE = new Set(
  'where which that who when whose so using via like showing allowing letting to with including containing featuring'.split(
    ' ',
  ),
);

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A project's default name from its description, as a person would name it: the key words of
 * what is built, title-cased, at most four ("Build me a todo list app where I can add tasks"
 * becomes "Todo List App").
 */
export function nameFromDescription(description: string): string {
  const firstLine = description.trim().split(/\r?\n/)[0] ?? '';
  // Punctuation ends a part ("a tracker: budgets, charts"): the name comes from the first part
  // that names something.
  const parts = firstLine
    .toLowerCase()
    .split(/[,:;.!?()[\]{}\u2013\u2014]+/)
    .map((part) =>
      part
        .split(/[^\p{L}\p{N}'\u2019+#-]+/u)
        .map((word) => word.replace(/^['\u2019-]+|['\u2019-]+$/g, ''))
        .filter(Boolean),
    );
  const words = parts.flat();
  const key: string[] = [];
  for (const part of parts) {
    for (const word of part) {
      // The clause after the thing built ("... where I can add tasks") is left out.
      if (key.length > 0 && CLAUSE.has(word)) break;
      if (FILLER.has(word.replace(/['\u2019]s$/, ''))) continue;
      key.push(word);
      if (key.length === MAX_NAME_WORDS) break;
    }
    if (key.length > 0) break;
  }
  if (key.length === 0) {
    const fallback = words.slice(0, MAX_NAME_WORDS);
    return fallback.length > 0 ? fallback.map(titleCase).join(' ') : 'Untitled app';
  }
  return key.map(titleCase).join(' ');
}
