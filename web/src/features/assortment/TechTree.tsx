import { useState } from 'react';
import { ActionIcon, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDotsVertical, IconFile, IconFileTypePdf, IconFolder, IconFolderOpen, IconPhoto } from '@tabler/icons-react';
import { formatFileSize } from '@filialportal/core/assortment';
import type { Category } from '../../shell-api/lookups.ts';
import type { CategoryFile, CategoryFolder } from './assortment.api.ts';

/** What the form's tree can do; without it the tree only opens folders and downloads files. */
export interface TreeActions {
  newFolder(parent: CategoryFolder | null): void;
  upload(folder: CategoryFolder | null): void;
  rename(folder: CategoryFolder): void;
  removeFolder(folder: CategoryFolder): void;
  removeFile(file: CategoryFile): void;
  cut(file: CategoryFile): void;
  paste(folder: CategoryFolder | null): void;
  /** The file cut for moving (shown greyed), if any. */
  cutFile: string | null;
}

const fileIcon = (type: string) => (type === 'application/pdf' ? IconFileTypePdf : type.startsWith('image/') ? IconPhoto : IconFile);

/**
 * The technical-data tree of a category (three levels with the root, spec 2 §2): opening a
 * first-level folder closes an open second-level one, clicking an open folder closes it.
 */
export function TechTree({ category, onDownload, actions }: { category: Category; onDownload: (file: CategoryFile) => void; actions?: TreeActions }) {
  const [open, setOpen] = useState<{ first: string | null; second: string | null }>({ first: null, second: null });
  const toggle = (folder: CategoryFolder) =>
    setOpen((o) =>
      folder.depth === 1 ? { first: o.first === folder.id ? null : folder.id, second: null } : { ...o, second: o.second === folder.id ? null : folder.id },
    );
  const foldersIn = (parent: string | null) => category.folders.filter((f) => f.parent === parent);
  const filesIn = (folder: string | null) => category.files.filter((f) => f.folder === folder);

  const fileRow = (file: CategoryFile, depth: number) => {
    const Icon = fileIcon(file.type);
    const isCut = actions?.cutFile === file.id;
    return (
      <Group key={file.id} gap={4} wrap="nowrap" pl={depth * 20} opacity={isCut ? 0.45 : 1}>
        <UnstyledButton onClick={() => onDownload(file)} style={{ flex: 1, minWidth: 0 }} aria-label={`${file.name} herunterladen`} py={3}>
          <Group gap={6} wrap="nowrap">
            <Icon size={16} color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} />
            <Text size="sm" truncate>
              {file.name}
            </Text>
          </Group>
        </UnstyledButton>
        {/* Beside the button, whose name ('… herunterladen') contains its visible text (WCAG 2.5.3). */}
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {formatFileSize(file.size)}
        </Text>
        {actions && (
          <NodeMenu label={`Aktionen für ${file.name}`}>
            <Menu.Item onClick={() => actions.cut(file)}>Datei Ausschneiden</Menu.Item>
            <Menu.Item color="red" onClick={() => actions.removeFile(file)}>
              Datei löschen
            </Menu.Item>
          </NodeMenu>
        )}
      </Group>
    );
  };

  const folderRow = (folder: CategoryFolder) => {
    const isOpen = folder.depth === 1 ? open.first === folder.id : open.second === folder.id;
    const count = category.files.filter((f) => f.folder === folder.id || foldersIn(folder.id).some((s) => s.id === f.folder)).length;
    return (
      <Box key={folder.id}>
        <Group gap={4} wrap="nowrap" pl={(folder.depth - 1) * 20}>
          <UnstyledButton onClick={() => toggle(folder)} style={{ flex: 1, minWidth: 0 }} aria-expanded={isOpen} py={3}>
            <Group gap={6} wrap="nowrap">
              {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              {isOpen ? <IconFolderOpen size={16} color="var(--mantine-color-brand-6)" /> : <IconFolder size={16} color="var(--mantine-color-brand-6)" />}
              <Text size="sm" fw={500} truncate>
                {folder.name}
              </Text>
              <Text size="xs" c="dimmed">
                ({count})
              </Text>
            </Group>
          </UnstyledButton>
          {actions && (
            <NodeMenu label={`Aktionen für Ordner ${folder.name}`}>
              {folder.depth === 1 && <Menu.Item onClick={() => actions.newFolder(folder)}>Neuer Ordner</Menu.Item>}
              <Menu.Item onClick={() => actions.upload(folder)}>Datei hochladen</Menu.Item>
              {actions.cutFile && <Menu.Item onClick={() => actions.paste(folder)}>Einfügen</Menu.Item>}
              <Menu.Item onClick={() => actions.rename(folder)}>Umbenennen</Menu.Item>
              <Menu.Item color="red" onClick={() => actions.removeFolder(folder)}>
                Löschen
              </Menu.Item>
            </NodeMenu>
          )}
        </Group>
        {isOpen && (
          <>
            {foldersIn(folder.id).map(folderRow)}
            {filesIn(folder.id).map((f) => fileRow(f, folder.depth))}
            {foldersIn(folder.id).length === 0 && filesIn(folder.id).length === 0 && (
              <Text size="xs" c="dimmed" pl={folder.depth * 20 + 20} py={2}>
                Leerer Ordner
              </Text>
            )}
          </>
        )}
      </Box>
    );
  };

  return (
    // A group of disclosure buttons, not an ARIA tree (no tree items, no arrow-key navigation).
    <Box role="group" aria-label="Technische Daten">
      {actions && (
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            Hauptordner
          </Text>
          <NodeMenu label="Aktionen für den Hauptordner">
            <Menu.Item onClick={() => actions.newFolder(null)}>Neuer Ordner</Menu.Item>
            <Menu.Item onClick={() => actions.upload(null)}>Datei hochladen</Menu.Item>
            {actions.cutFile && <Menu.Item onClick={() => actions.paste(null)}>Einfügen</Menu.Item>}
          </NodeMenu>
        </Group>
      )}
      {foldersIn(null).map(folderRow)}
      {filesIn(null).map((f) => fileRow(f, 0))}
      {category.folders.length === 0 && category.files.length === 0 && (
        <Text size="sm" c="dimmed">
          Keine technischen Daten hinterlegt.
        </Text>
      )}
    </Box>
  );
}

function NodeMenu({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
          <IconDotsVertical size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
