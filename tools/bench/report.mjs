// The bench's one table: every measurement beside its target, with PASS or MISS. A MISS is
// printed, never a failure: the bench measures, it does not assert.

/** PASS or MISS for a measurement that has a target. */
export const verdict = (met) => (met ? 'PASS' : 'MISS');

/**
 * Rows: { bench, measure, value, target, verdict? }. Rows of one bench are grouped under its
 * name; a bench that crashed shows as one row with its error and verdict ERROR.
 */
export function formatTable(rows) {
  const headers = { measure: 'measurement', value: 'result', target: 'target', verdict: '' };
  const width = (key) =>
    Math.max(headers[key].length, ...rows.map((row) => String(row[key] ?? '').length));
  const widths = {
    measure: Math.min(width('measure'), 72),
    value: Math.min(width('value'), 44),
    target: width('target'),
  };
  const cell = (text, size) => {
    const value = String(text ?? '');
    return value.length > size ? value : value.padEnd(size);
  };
  const line = (row) =>
    `  ${cell(row.measure, widths.measure)}  ${cell(row.value, widths.value)}  ${cell(row.target, widths.target)}  ${row.verdict ?? ''}`.trimEnd();
  const out = [line(headers)];
  let bench = null;
  for (const row of rows) {
    if (row.bench !== bench) {
      bench = row.bench;
      out.push('', bench);
    }
    out.push(line(row));
  }
  const counted = rows.filter((row) => row.verdict);
  const tally = ['PASS', 'MISS', 'ERROR']
    .map((kind) => [kind, counted.filter((row) => row.verdict === kind).length])
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  out.push('', `Targets: ${tally || 'none measured'}.`);
  return out.join('\n');
}
