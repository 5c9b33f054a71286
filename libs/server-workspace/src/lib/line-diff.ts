/** Lines added and removed between two texts. */
export interface LineChanges {
  readonly additions: number;
  readonly deletions: number;
}

/**
 * Work allowed to the exact diff (diagonal steps plus snake steps). Beyond it, two large and
 * very different texts are compared as multisets of lines: still a fair count, and fast.
 */
const MAX_DIFF_WORK = 5_000_000;

/** The lines of a text, each with its line break, so that 'a' and 'a\n' differ (as in git). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * How many lines `after` adds to and removes from `before`: the sizes of a shortest edit script
 * (Myers' O((N+M)D) algorithm, linear space), the numbers `git diff --numstat` shows.
 */
export function countLineChanges(before: string, after: string): LineChanges {
  if (before === after) return { additions: 0, deletions: 0 };
  const ids = new Map<string, number>();
  const intern = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  let a = splitLines(before).map(intern);
  let b = splitLines(after).map(intern);

  // A common prefix and suffix are no edits.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  a = a.slice(start, endA);
  b = b.slice(start, endB);
  if (a.length === 0 || b.length === 0) return { additions: b.length, deletions: a.length };

  const distance = editDistance(a, b) ?? multisetDistance(a, b);
  // distance = additions + deletions, and additions - deletions = |b| - |a|.
  return {
    additions: (distance + b.length - a.length) / 2,
    deletions: (distance - b.length + a.length) / 2,
  };
}

/** Myers: the length of a shortest insert/delete script from a to b, or null past MAX_DIFF_WORK. */
function editDistance(a: readonly number[], b: readonly number[]): number | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  // v[k + offset]: the furthest x reached on diagonal k = x - y.
  const v = new Int32Array(2 * max + 3);
  let work = 0;
  for (let d = 0; d <= max; d += 1) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[k - 1 + offset] < v[k + 1 + offset])
          ? v[k + 1 + offset]
          : v[k - 1 + offset] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
        work += 1;
      }
      v[k + offset] = x;
      if (x >= n && y >= m) return d;
      work += 1;
    }
    if (work > MAX_DIFF_WORK) return null;
  }
  return max;
}

/** Lines of a not in b plus lines of b not in a, counting repeats: a lower bound of Myers' D. */
function multisetDistance(a: readonly number[], b: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  let common = 0;
  for (const line of b) {
    const count = counts.get(line) ?? 0;
    if (count > 0) {
      common += 1;
      counts.set(line, count - 1);
    }
  }
  return a.length + b.length - 2 * common;
}
