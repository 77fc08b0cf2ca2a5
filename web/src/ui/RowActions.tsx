import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Tooltip } from './Tooltip.tsx';

export interface RowActionsProps {
  /** What the row is called, for the buttons' accessible names ('<name> bearbeiten'). */
  name: string;
  /** Omitted: no edit button (no permission, or a fixed entry). */
  onEdit?: () => void;
  /** Omitted: no delete button. */
  onDelete?: () => void;
}

/** Edit and delete buttons at the end of a table row. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit && (
        <Tooltip label="Bearbeiten">
          <ActionIcon variant="subtle" color="stone.8" onClick={onEdit} aria-label={`${name} bearbeiten`}>
            <IconPencil size={17} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Löschen">
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`${name} löschen`}>
            <IconTrash size={17} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
