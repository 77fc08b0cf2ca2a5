/** What the card layout of a list needs to know of a column. */
export interface SortableColumnInfo {
  key: string;
  label: string;
  sortable?: boolean;
  sortField?: string;
}

/** One choice of the 'Sortierung' field that replaces the column headers in the card layout. */
export interface SortChoice {
  /** '' (none), 'field' or '-field', as the table's sort. */
  value: string;
  label: string;
}

/**
 * The sort choices of the card layout: 'Standard' (no sort), then each sortable column
 * ascending and descending, in column order. A current sort that no column offers (an old
 * link) is kept as a choice, so the field never shows a value it does not hold.
 */
export function sortChoices(columns: readonly SortableColumnInfo[], current = ''): SortChoice[] {
  const choices: SortChoice[] = [{ value: '', label: 'Standard' }];
  for (const col of columns) {
    if (!col.sortable) continue;
    const field = col.sortField ?? col.key;
    choices.push({ value: field, label: `${col.label} aufsteigend` }, { value: `-${field}`, label: `${col.label} absteigend` });
  }
  if (!choices.some((c) => c.value === current)) choices.push({ value: current, label: current.replace(/^-/, '') });
  return choices;
}

/**
 * Whether a list shows its rows as cards: when its box is narrower than the table needs
 * (`minWidth`), so every cell and action stays in view without scrolling sideways. Before the
 * box is measured (width 0) the viewport decides: phones start with cards.
 */
export function showsCards(boxWidth: number, minWidth: number, phoneViewport: boolean): boolean {
  if (boxWidth > 0) return boxWidth < minWidth;
  return phoneViewport;
}
