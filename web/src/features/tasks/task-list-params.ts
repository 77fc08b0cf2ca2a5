import { useSearchParams } from 'react-router';
import { editQuery } from '../../ui/edit-query.ts';
import type { TaskFilter, TaskView } from './tasks.api.ts';

/** Query parameter that keeps the finished list open across reloads and links. */
const FINISHED_PARAM = 'erledigte';

/** The toggle 'Erledigte Aufgaben anzeigen', kept in the address (?erledigte=1). */
export function useShowFinished(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const toggle = (on: boolean) =>
    editQuery(setParams, (next) => {
      if (on) next.set(FINISHED_PARAM, '1');
      else next.delete(FINISHED_PARAM);
    });
  return [params.get(FINISHED_PARAM) === '1', toggle];
}

/** POST /export-tasks with the list's selection. */
export function exportPath(view: TaskView, finished: boolean, filter: TaskFilter): string {
  const q = new URLSearchParams({ finished: finished ? '1' : '0', view, location: filter.location, team: filter.team });
  return `/api/export-tasks?${q.toString()}`;
}
