import { useId, useMemo, useState, type ReactNode } from 'react';
import { CloseButton, Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { SEARCH_MIN_LENGTH, searchText } from '@filialportal/core/search-basics';
import { downloadResource } from '../../ui/download.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { useSearch } from './search.api.ts';
import { hitTarget, searchItems, type SearchItem } from './search-items.ts';
import { SearchResults } from './SearchResults.tsx';
import { useSearchKeys } from './use-search-keys.ts';
import classes from './SearchDialog.module.css';

/** Typing pauses this long before the search asks the server. */
const DEBOUNCE_MS = 150;

/** Opens what a hit leads to: a view, the phone or mail program, or the document's file. */
function useOpenHit() {
  const navigate = useNavigate();
  return (item: SearchItem) => {
    const target = hitTarget(item);
    if (target?.kind === 'page') void navigate(target.to);
    else if (target?.kind === 'link') window.location.assign(target.href);
    else if (target?.kind === 'file') void downloadResource(target.path, target.fileName);
  };
}

function Message({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" ta="center" className={classes.message}>
      {children}
    </Text>
  );
}

/**
 * The portal's search (GET /search): results while typing, grouped as the server groups them,
 * the arrow keys across all groups, Enter or a click opens a hit. A sheet over the whole screen
 * on a phone, a dialog of 640 px beside that.
 */
export function SearchDialog({ opened, onClose, takeEarly }: { opened: boolean; onClose: () => void; takeEarly: () => string }) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const typed = searchText(text);
  const term = searchText(debounced);
  const search = useSearch(term);
  const enough = typed.length >= SEARCH_MIN_LENGTH;
  const result = enough ? search.data : undefined;
  const items = useMemo(() => searchItems(result?.groups ?? []), [result]);
  const openHit = useOpenHit();
  const id = useId();
  const gridId = `${id}-ergebnisse`;
  const hitId = (index: number) => `${id}-treffer-${index}`;
  // Still typing, or the answer to the latest term still on its way: the last answer stays, the field shows it is busy.
  const busy = enough && (term !== typed || search.isFetching);
  const shown = enough && !search.isError && result !== undefined && items.length > 0;
  const open = (item: SearchItem) => {
    onClose();
    openHit(item);
  };
  const { active, setActive, onKeyDown } = useSearchKeys({ typed, answeredFor: result?.q, enough, busy, items, hitId, open });

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size={640}
      yOffset="10dvh"
      transitionProps={{ transition: 'fade', duration: 120 }}
      classNames={{ content: classes.content }}
    >
      <Modal.Overlay />
      <Modal.Content aria-label="Suche">
        <div className={classes.top}>
          <TextInput
            className={classes.input}
            data-autofocus
            size="md"
            variant="unstyled"
            placeholder="Personen, Artikel, EAN, Dokumente …"
            aria-label="Suche im Portal"
            leftSection={<IconSearch size={20} stroke={1.7} aria-hidden />}
            rightSection={busy ? <Loader size="xs" role="status" aria-label="Wird gesucht …" /> : null}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onFocus={(event) => {
              // Keys typed while the dialog opened start a new term; otherwise the last one is selected.
              const typedEarly = takeEarly();
              if (typedEarly) setText(typedEarly);
              else event.currentTarget.select();
            }}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-autocomplete="list"
            aria-haspopup="grid"
            aria-expanded={shown}
            aria-controls={shown ? gridId : undefined}
            aria-activedescendant={shown ? hitId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
          />
          <CloseButton size="lg" aria-label="Suche schließen" onClick={onClose} />
        </div>
        <div className={classes.body}>
          <Results enough={enough} search={search} result={result} shown={shown}>
            <SearchResults id={gridId} groups={result?.groups ?? []} hitId={hitId} active={active} onActive={setActive} onOpen={open} onLink={onClose} />
          </Results>
        </div>
        {!phone && (
          <Group gap="md" className={classes.footer} aria-hidden>
            <Text size="xs" c="dimmed">
              <kbd>↑</kbd> <kbd>↓</kbd> auswählen
            </Text>
            <Text size="xs" c="dimmed">
              <kbd>Enter</kbd> öffnen
            </Text>
            <Text size="xs" c="dimmed">
              <kbd>Esc</kbd> schließen
            </Text>
          </Group>
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

interface ResultsProps {
  enough: boolean;
  search: ReturnType<typeof useSearch>;
  result: ReturnType<typeof useSearch>['data'];
  shown: boolean;
  children: ReactNode;
}

/** What the body shows: a hint before two characters, the server's refusal, loading, no hits, or the hits. */
function Results({ enough, search, result, shown, children }: ResultsProps) {
  if (!enough) return <Message>{MSG.searchTooShort}</Message>;
  if (search.isError) {
    return (
      <div className={classes.message}>
        <QueryError error={search.error} />
      </div>
    );
  }
  if (!result) {
    return (
      <Group justify="center" gap="xs" className={classes.message} role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Wird gesucht …
        </Text>
      </Group>
    );
  }
  if (!shown) return <Message>{`Keine Treffer für „${result.q}“`}</Message>;
  return children;
}
