/**
 * Class lists as they are written in one string part of the source: a string literal, or a
 * part of a template literal between `${}` expressions. A token glued to an expression
 * (`card-${variant}`) is partial: it is not a class of its own, so it is never removed nor
 * counted as a known class.
 */
export interface ClassTextContext {
  /** The text follows a `${}` expression. */
  readonly afterExpression: boolean;
  /** The text is followed by a `${}` expression. */
  readonly beforeExpression: boolean;
}

export const STANDALONE: ClassTextContext = Object.freeze({
  afterExpression: false,
  beforeExpression: false,
});

interface ClassText {
  readonly lead: string;
  readonly tokens: string[];
  /** separators[i] sits between tokens[i] and tokens[i + 1]. */
  readonly separators: string[];
  readonly trail: string;
  readonly partialFirst: boolean;
  readonly partialLast: boolean;
}

function splitClassText(text: string, context: ClassTextContext): ClassText {
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  if (lead.length === text.length) {
    return {
      lead: text,
      tokens: [],
      separators: [],
      trail: '',
      partialFirst: false,
      partialLast: false,
    };
  }
  const trail = /\s*$/.exec(text)?.[0] ?? '';
  const parts = text.slice(lead.length, text.length - trail.length).split(/(\s+)/);
  return {
    lead,
    tokens: parts.filter((_, index) => index % 2 === 0),
    separators: parts.filter((_, index) => index % 2 === 1),
    trail,
    partialFirst: context.afterExpression && lead === '',
    partialLast: context.beforeExpression && trail === '',
  };
}

/** Every whole class of a text, partial tokens left out: `split(/\s+/)` for a plain string. */
export function classTokens(text: string, context: ClassTextContext = STANDALONE): string[] {
  const { tokens, partialFirst, partialLast } = splitClassText(text, context);
  return tokens.filter(
    (_, index) => !(partialFirst && index === 0) && !(partialLast && index === tokens.length - 1),
  );
}

/**
 * The text with the `remove` classes taken out (each with one separator, so the rest keeps
 * its spacing and line breaks) and `add` appended after the last class. Whitespace at the
 * edges is kept, since it separates the text from its expressions; a text left without
 * classes between two expressions keeps one space. Appending assumes no expression follows.
 */
export function editClassText(
  text: string,
  context: ClassTextContext,
  remove: ReadonlySet<string>,
  add: readonly string[],
): string {
  const parsed = splitClassText(text, context);
  const tokens = [...parsed.tokens];
  const separators = [...parsed.separators];
  let changed = false;
  let index = 0;
  while (index < tokens.length) {
    const partial =
      (parsed.partialFirst && index === 0) || (parsed.partialLast && index === tokens.length - 1);
    if (partial || !remove.has(tokens[index] as string)) {
      index += 1;
      continue;
    }
    changed = true;
    tokens.splice(index, 1);
    if (index < tokens.length) separators.splice(index, 1);
    else if (index > 0) separators.splice(index - 1, 1);
  }
  for (const token of add) {
    if (tokens.length > 0) separators.push(' ');
    tokens.push(token);
    changed = true;
  }
  if (!changed) return text;
  if (tokens.length === 0) {
    return context.afterExpression && context.beforeExpression ? parsed.lead || parsed.trail : '';
  }
  // Classes added to a text that had none, right after an expression, need a separator.
  const lead =
    parsed.tokens.length === 0 && context.afterExpression && parsed.lead === '' ? ' ' : parsed.lead;
  const body = tokens.map((token, position) => token + (separators[position] ?? '')).join('');
  return lead + body + parsed.trail;
}
