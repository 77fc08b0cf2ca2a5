import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { earlyCharacter, opensSearch } from './shortcut.ts';
import classes from './SearchButton.module.css';

type DialogModule = typeof import('./SearchDialog.tsx');

let loaded: DialogModule | undefined;
let loading: Promise<DialogModule> | undefined;

/**
 * The dialog's code (with Mantine's Modal) is a chunk of its
 * own: it loads when a pointer or the focus comes to the button, or with the first opening,
 * never with the page's first view.
 */
function loadDialog(): Promise<DialogModule> {
  loading ??= import('./SearchDialog.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const prefetch = () => void loadDialog().catch(() => undefined);

/**
 * The header's search: a field-like button on wider screens, a magnifier on a phone, '/' and
 * Ctrl+K (Cmd+K) from anywhere. The dialog stays mounted once loaded, so the last term and its
 * results are there again when it reopens.
 */
export function SearchButton() {
  const [opened, setOpened] = useState(false);
  const [Dialog, setDialog] = useState(() => loaded?.SearchDialog);

  useEffect(() => {
    if (opened && !Dialog) {
      loadDialog().then(
        (module) => setDialog(() => module.SearchDialog),
        () => setOpened(false),
      );
    }
  }, [opened, Dialog]);

  // What is typed between the opening and the field's first focus goes into the field.
  const early = useRef<string | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (opensSearch(event)) {
        event.preventDefault();
        early.current = '';
        setOpened(true);
        return;
      }
      const character = early.current === null ? null : earlyCharacter(event);
      if (character === null) return;
      event.preventDefault();
      early.current += character;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const takeEarly = useCallback(() => {
    const typed = early.current ?? '';
    early.current = null;
    return typed;
  }, []);

  const open = () => {
    early.current = '';
    setOpened(true);
  };
  return (
    <>
      <UnstyledButton visibleFrom="xs" className={classes.field} onClick={open} onPointerEnter={prefetch} onFocus={prefetch} aria-haspopup="dialog" aria-keyshortcuts="/ Control+K Meta+K">
        <IconSearch size={16} stroke={1.8} aria-hidden />
        <span className={classes.label}>Suchen …</span>
        <kbd className={classes.key}>/</kbd>
      </UnstyledButton>
      <ActionIcon hiddenFrom="xs" variant="subtle" color="stone.8" size={44} onClick={open} onPointerDown={prefetch} aria-label="Portal durchsuchen" aria-haspopup="dialog">
        <IconSearch size={22} stroke={1.7} />
      </ActionIcon>
      {Dialog && <Dialog opened={opened} onClose={() => setOpened(false)} takeEarly={takeEarly} />}
    </>
  );
}
