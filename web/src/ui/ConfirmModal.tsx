import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { modals } from './modals.ts';

export interface ConfirmOptions {
  /** Default 'Löschen'. */
  title?: string;
  /** Default 'Sind Sie sicher, dass Sie das löschen möchten?' (MSG.confirmText). */
  text?: ReactNode;
  /** Default 'Löschen'. */
  confirmLabel?: string;
  /** Default 'Abbrechen'. */
  cancelLabel?: string;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** The shared confirmation before every deletion (spec 1 §2 "Confirm modal"). */
export function openConfirm({
  title = MSG.confirmTitle,
  text = MSG.confirmText,
  confirmLabel = 'Löschen',
  cancelLabel = 'Abbrechen',
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmOptions): string {
  return modals.openConfirmModal({
    title: <Text fw={600}>{title}</Text>,
    centered: true,
    children: typeof text === 'string' ? <Text size="sm">{text}</Text> : text,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
    onCancel,
  });
}
