import { useState } from 'react';
import { ActionIcon, Box, Group, InputBase, Loader, Popover, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconFolder, IconSearch, IconX } from '@tabler/icons-react';
import { DOCUMENT_SEARCH_MIN, FOLDER_MAX_DEPTH } from '@filialportal/core/documents';
import { useFolderLevel, useFolderMatches, useOpenedFolder, type FolderChoice } from './documents.api.ts';
import classes from './FolderPicker.module.css';

type Rule = { forFolder: boolean; exclude?: string };
type Choose = (f: FolderChoice, path: string[]) => void;

/** A folder takes what is chosen: uploads allowed, a free level for a sub-folder, not the folder itself. */
const choosable = (f: FolderChoice, rule: Rule) => f.mayUpload && f.id !== rule.exclude && (!rule.forFolder || f.depth < FOLDER_MAX_DEPTH);

/** The path of a folder from the folders loaded around it, walking up by parent. */
function pathIn(folders: FolderChoice[], id: string): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: string[] = [];
  for (let f = byId.get(id); f; f = f.parent ? byId.get(f.parent) : undefined) path.unshift(f.name);
  return path;
}

/** The folders above a folder, from the folders loaded around it. */
function ancestorsIn(folders: FolderChoice[], id: string): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const above: string[] = [];
  for (let f = byId.get(id); f?.parent; f = byId.get(f.parent)) above.push(f.parent);
  return above;
}

/**
 * The choice of a folder as a tree that loads as it is opened (GET /folder/tree): first the top
 * level, a folder's sub-folders when it is opened, and folders by name from three letters on.
 * Opened on a chosen folder, it shows the levels down to it. Folders that take nothing (no upload
 * right, no room for a sub-folder, or the folder being moved and what lies in it) stay visible
 * for the way down but cannot be chosen.
 */
export function FolderPicker(props: {
  label: string;
  placeholder: string;
  value?: string | null;
  onChange: (id: string | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  clearable?: boolean;
  forFolder: boolean;
  exclude?: string;
}) {
  const { onChange, clearable, forFolder, exclude } = props;
  const value = props.value ?? null;
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  // A folder chosen before the picker was used: its path names the field and opens the tree there.
  const start = useOpenedFolder(value !== null && chosen === null ? value : null);
  const path = chosen ?? (value !== null && start.data ? pathIn(start.data, value) : null);
  const toggleOpen = () => {
    if (!opened && value !== null && start.data) setExpanded((old) => new Set([...old, ...ancestorsIn(start.data, value)]));
    setOpened(!opened);
  };

  const choose: Choose = (f, names) => {
    onChange(f.id);
    setChosen(names);
    setOpened(false);
    setTerm('');
  };
  const toggle = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const shown = value === null ? '' : (path?.join(' / ') ?? (start.isError ? 'Ordner nicht verfügbar' : '…'));
  const rule: Rule = { forFolder, exclude };

  return (
    <Popover opened={opened} onChange={setOpened} withRoles={false} position="bottom-start" width="target" shadow="md" trapFocus returnFocus transitionProps={{ duration: 0 }}>
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          label={props.label}
          required={props.required}
          error={props.error}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={toggleOpen}
          leftSection={<IconFolder size={16} aria-hidden />}
          rightSection={
            clearable && value !== null ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`${props.label} leeren`}
                onClick={(e) => {
                  e.stopPropagation();
                  onChange(null);
                  setChosen(null);
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            ) : (
              <IconChevronDown size={16} aria-hidden />
            )
          }
          rightSectionPointerEvents={clearable && value !== null ? 'all' : 'none'}
        >
          {shown || <Text component="span" c="dimmed" size="sm">{props.placeholder}</Text>}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={`${props.label}: Ordner wählen`}>
        <TextInput
          size="xs"
          mb="xs"
          placeholder="Ordner suchen"
          aria-label="Ordner suchen"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={320} type="auto">
          {debounced.length >= DOCUMENT_SEARCH_MIN ? (
            <Matches term={debounced} rule={rule} value={value} onChoose={choose} />
          ) : (
            <Level parent={null} trail={[]} rule={rule} value={value} expanded={expanded} onToggle={toggle} onChoose={choose} />
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

type RowProps = { rule: Rule; value: string | null; onChoose: Choose };

/** One level of the tree and, below each opened folder, its own. */
function Level({ parent, trail, expanded, onToggle, ...row }: RowProps & { parent: string | null; trail: string[]; expanded: Set<string>; onToggle: (id: string) => void }) {
  const level = useFolderLevel(parent);
  if (level.isPending) return <Loader size="xs" m="xs" aria-label="Ordner werden geladen" />;
  if (level.isError) return <Text size="sm" c="red" p="xs">Die Ordner konnten nicht geladen werden.</Text>;
  const folders = level.data.folders.filter((f) => f.id !== row.rule.exclude);
  if (folders.length === 0 && parent === null) return <Text size="sm" c="dimmed" p="xs">Keine Ordner.</Text>;
  return (
    <Box role={parent === null ? 'tree' : 'group'} aria-label={parent === null ? 'Ordner' : undefined}>
      {folders.map((f) => {
        const open = expanded.has(f.id);
        const names = [...trail, f.name];
        return (
          <div key={f.id} role="treeitem" aria-expanded={f.hasChildren ? open : undefined} aria-selected={f.id === row.value}>
            <Group gap={2} wrap="nowrap" pl={(f.depth - 1) * 16}>
              {f.hasChildren ? (
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Unterordner von ${f.name} ${open ? 'ausblenden' : 'zeigen'}`} onClick={() => onToggle(f.id)}>
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </ActionIcon>
              ) : (
                <Box w={22} />
              )}
              <FolderButton folder={f} names={names} {...row} />
            </Group>
            {open && <Level parent={f.id} trail={names} expanded={expanded} onToggle={onToggle} {...row} />}
          </div>
        );
      })}
      {level.data.more && (
        <Text size="xs" c="dimmed" pl={parent === null ? 'xs' : undefined} py={4}>
          Nicht alle Ordner dieser Ebene sind gezeigt – bitte nach Namen suchen.
        </Text>
      )}
    </Box>
  );
}

/** Folders by name, each with its path. */
function Matches({ term, ...row }: RowProps & { term: string }) {
  const matches = useFolderMatches(term);
  if (matches.isPending) return <Loader size="xs" m="xs" aria-label="Ordner werden gesucht" />;
  if (matches.isError) return <Text size="sm" c="red" p="xs">Die Suche ist fehlgeschlagen.</Text>;
  const folders = matches.data.folders.filter((f) => !f.breadCrumb?.some((c) => c.id === row.rule.exclude));
  if (folders.length === 0) return <Text size="sm" c="dimmed" p="xs">Kein Ordner mit diesem Namen.</Text>;
  return (
    <Box role="list" aria-label="Gefundene Ordner">
      {folders.map((f) => {
        const names = (f.breadCrumb ?? []).map((c) => c.name);
        return (
          <div key={f.id} role="listitem">
            <FolderButton folder={f} names={names} {...row} hint={names.slice(0, -1).join(' / ')} />
          </div>
        );
      })}
      {matches.data.more && (
        <Text size="xs" c="dimmed" p="xs">
          Weitere Treffer – bitte genauer suchen.
        </Text>
      )}
    </Box>
  );
}

function FolderButton({ folder, names, rule, value, onChoose, hint }: RowProps & { folder: FolderChoice; names: string[]; hint?: string }) {
  const can = choosable(folder, rule);
  return (
    <UnstyledButton className={classes.choice} data-selected={folder.id === value || undefined} disabled={!can} onClick={() => onChoose(folder, names)} title={can ? undefined : 'Hier kann nichts abgelegt werden'}>
      <Text size="sm" truncate c={can ? undefined : 'dimmed'}>
        {folder.name}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" truncate>
          {hint}
        </Text>
      )}
    </UnstyledButton>
  );
}
