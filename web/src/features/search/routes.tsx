import type { Feature } from '../../shell-api/feature.ts';
import { SearchButton } from './SearchButton.tsx';

export const SEARCH_FEATURE: Feature = {
  // In the header from the first view on (its shortcut too); the dialog's code loads when wanted.
  header: <SearchButton />,
};
