/**
 * Groups in a sorted grid (the deadlines by customer, then site): a kind names the fields that
 * group its rows; when the grid is sorted by them first, a run of rows with the same values is a
 * group. Only loaded rows are compared: a row whose previous row is not loaded yet starts a group.
 */

/** The kind's group fields when the sort starts with them (in either direction), else none. */
export function activeGroupFields(sort: readonly string[], groupBy: readonly string[] | undefined): readonly string[] {
  if (!groupBy || groupBy.length === 0) return [];
  const names = sort.map((key) => key.replace(/^-/, ''));
  return groupBy.every((field, i) => names[i] === field) ? groupBy : [];
}

/** The order a grid reads with: the URL's, else the kind's default order (the URL still says nothing). */
export function effectiveSort(sort: readonly string[], defaultSort: readonly string[] | undefined): string[] {
  return sort.length > 0 || !defaultSort ? [...sort] : [...defaultSort];
}

/** Whether the row at `index` starts a group: the first row, or one whose key differs from the row before. */
export function startsGroup(keyAt: (index: number) => string | undefined, index: number): boolean {
  if (index === 0) return true;
  const key = keyAt(index);
  const before = keyAt(index - 1);
  return key === undefined || before === undefined || key !== before;
}
