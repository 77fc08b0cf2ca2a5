import { TASK_PRIORITIES, taskProgress, type TaskProgressFields } from '@filialportal/core/tasks';
import type { XlsxColumn } from '../../platform/exports.ts';

const priorityLabel = new Map<number, string>(TASK_PRIORITIES.map((p) => [p.value, p.label]));

export type TaskExportRow = { title: string; priority: number; deadline: string; createdByFullName: string; createdAt: Date; completed: boolean } & Record<string, unknown>;
/** Columns of POST /export-tasks: the recipient per row in view 2, the progress in view 3. */
export const exportColumns = (view: '2' | '3'): XlsxColumn<TaskExportRow>[] => [
  { header: 'Titel', value: (t) => t.title, width: 40 },
  { header: 'Priorität', value: (t) => priorityLabel.get(t.priority) ?? '' },
  { header: 'Fällig am', value: (t) => t.deadline, type: 'date' },
  { header: 'Erstellt von', value: (t) => t.createdByFullName, width: 22 },
  { header: 'Erstellt am', value: (t) => t.createdAt, type: 'datetime', width: 18 },
  ...(view === '3'
    ? [{ header: 'Fortschritt', value: (t: TaskExportRow) => taskProgress(t as TaskExportRow & TaskProgressFields).label, width: 36 }]
    : [
        { header: 'Empfänger', value: (t: TaskExportRow) => t.userFullName as string, width: 22 },
        { header: 'Standort', value: (t: TaskExportRow) => t.userLocation as string, width: 20 },
      ]),
  { header: 'Status', value: (t) => (t.completed ? 'erledigt' : 'offen') },
];
