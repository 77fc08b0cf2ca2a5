import { SEARCH_GROUP_LABELS } from '@filialportal/core/search-basics';
import type { SearchGroup } from '@filialportal/core/search';
import { totalText, type SearchItem } from './search-items.ts';
import { SearchHitContent } from './SearchHitContent.tsx';
import classes from './SearchDialog.module.css';

export interface SearchResultsProps {
  id: string;
  groups: readonly SearchGroup[];
  /** The id of the hit at a position across all groups (the input's aria-activedescendant). */
  hitId: (index: number) => string;
  active: number;
  onActive: (index: number) => void;
  onOpen: (item: SearchItem) => void;
  /** One of a person's links was followed. */
  onLink: () => void;
}

/**
 * The hits under their groups' headings, as the grid the input controls: the input keeps the
 * focus (typing goes on), the arrow keys move the active hit. A grid rather than a listbox,
 * since a person's hit holds links (phone, e-mail), which an option may not.
 */
export function SearchResults({ id, groups, hitId, active, onActive, onOpen, onLink }: SearchResultsProps) {
  let index = 0;
  return (
    <div role="grid" id={id} aria-label="Suchergebnisse">
      {groups
        .filter((group) => group.hits.length > 0)
        .map((group) => {
          const headerId = `${id}-${group.type}`;
          return (
            <div role="rowgroup" key={group.type} aria-labelledby={headerId}>
              <div role="row">
                <div role="columnheader" id={headerId} className={classes.groupHeader}>
                  <span>{SEARCH_GROUP_LABELS[group.type]}</span>
                  <span className={classes.groupTotal}>{totalText(group)}</span>
                </div>
              </div>
              {group.hits.map((hit) => {
                const at = index++;
                const item = { type: group.type, hit } as SearchItem;
                return (
                  <div role="row" key={hit.id}>
                    <div
                      role="gridcell"
                      id={hitId(at)}
                      aria-selected={at === active}
                      className={classes.hit}
                      onClick={() => onOpen(item)}
                      onMouseMove={() => at !== active && onActive(at)}
                    >
                      <SearchHitContent item={item} onLink={onLink} />
                    </div>
                  </div>
                );
              })}
            </div>
          );
        })}
    </div>
  );
}
