import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { formatDate } from '@filialportal/core/berlin-time';
import { TASK_VIEWS } from '@filialportal/core/tasks-basics';
import type {
  ZCreateTaskRequest,
  ZCreatedTaskResponse,
  ZDelegatedTask,
  ZOwnTask,
  ZOwnTaskResponse,
  ZSubtaskListResponse,
  ZSubtaskRequest,
  ZTaskBase,
  ZTaskCountResponse,
  ZTaskListResponse,
  ZUpdateTaskRequest,
} from '@filialportal/core/tasks';
import type { ZUserListAllResponse } from '@filialportal/core/users';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { DELEGATE_PERMISSIONS } from './paths.ts';

/** Task view of the spec: '2' own tasks, '3' delegated tasks. */
export type TaskView = (typeof TASK_VIEWS)[keyof typeof TASK_VIEWS];

/** Fields both views share. */
type TaskBase = Wire<typeof ZTaskBase>;

/** A row of view 2: one recipient's task. */
export type OwnTask = Wire<typeof ZOwnTask>;

/** A row of view 3: a task the user created, with the recipients' progress. */
export type DelegatedTask = Wire<typeof ZDelegatedTask>;

/** A page of GET /task/list: rows of the view asked for. */
export type TaskListPage<T> = Omit<Wire<typeof ZTaskListResponse>, 'tasks'> & { tasks: T[] };

export type Subtask = Wire<typeof ZSubtaskListResponse>['subtasks'][number];

/** Body of POST /task. */
export type CreateTaskBody = z.input<typeof ZCreateTaskRequest>;

/** The list filters: a location id or 'all', a group name or 'all'. */
export interface TaskFilter {
  location: string;
  team: string;
}

export const ALL = 'all';

export const taskKeys = {
  all: ['task'] as const,
  lists: ['task', 'list'] as const,
  view: (view: TaskView) => ['task', 'list', view] as const,
  list: (view: TaskView, completed: boolean, filter: TaskFilter) => ['task', 'list', view, completed, filter.location, filter.team] as const,
  count: ['task', 'count'] as const,
  subtasks: (taskId: string) => ['task', 'subtasks', taskId] as const,
  recipients: ['user', 'listall'] as const,
};

/** One recipient's copy of a task: view 2 lists a shared task once per recipient. */
export const ownTaskKey = (t: Pick<OwnTask, 'id' | 'userId'>) => `${t.id}:${t.userId}`;

type Rows<T> = InfiniteData<TaskListPage<T>, number>;

/**
 * GET /task/list/{from}/{location}/{team}/{completed}?taskview: 20 per step; 'load more'
 * continues from the number of rows already shown.
 */
/** GET /task/list/{from}/{location}/{team}/{completed}?taskview as a query: the lists and the dashboard's preload share it. */
export function taskListQuery<T extends TaskBase>(view: TaskView, completed: boolean, filter: TaskFilter) {
  return infiniteQueryOptions({
    queryKey: taskKeys.list(view, completed, filter),
    queryFn: ({ pageParam, signal }) =>
      api<TaskListPage<T>>(
        `/api/task/list/${pageParam}/${encodeURIComponent(filter.location)}/${encodeURIComponent(filter.team)}/${completed ? 1 : 0}?taskview=${view}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: TaskListPage<T>, pages: TaskListPage<T>[]) => {
      const shown = pages.reduce((n, p) => n + p.tasks.length, 0);
      return last.tasks.length > 0 && shown < last.count ? shown : undefined;
    },
  });
}

export function useTaskList<T extends TaskBase>(view: TaskView, completed: boolean, filter: TaskFilter, enabled = true) {
  return useInfiniteQuery({ ...taskListQuery<T>(view, completed, filter), enabled });
}

/** The rows of all loaded steps and the server's total. */
export function flatRows<T>(data: InfiniteData<TaskListPage<T>, unknown> | undefined): { rows: T[]; count: number } {
  if (!data) return { rows: [], count: 0 };
  return { rows: data.pages.flatMap((p) => p.tasks), count: data.pages.at(-1)?.count ?? 0 };
}

/** GET /task/count: the own open tasks beside 'Aufgaben' in the navigation, every 60 s. */
export const taskCountQuery = queryOptions({
  queryKey: taskKeys.count,
  queryFn: ({ signal }) => api<Wire<typeof ZTaskCountResponse>>('/api/task/count', { signal }),
  staleTime: 30_000,
});

export function useTaskCount() {
  return useQuery({ ...taskCountQuery, select: (data) => data.unfinished, refetchInterval: 60_000 });
}

/** Removes rows from every cached list that matches, keeping the totals right. */
function removeRows<T>(client: QueryClient, queryKey: readonly unknown[], drop: (row: T) => boolean) {
  client.setQueriesData<Rows<T>>({ queryKey }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const tasks = page.tasks.filter((t) => !drop(t));
        return { ...page, tasks, count: Math.max(0, page.count - (page.tasks.length - tasks.length)) };
      }),
    };
  });
}

/** Puts a row on top of every cached list that matches. */
function prependRow<T>(client: QueryClient, queryKey: readonly unknown[], row: T) {
  client.setQueriesData<Rows<T>>({ queryKey }, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ tasks: [row, ...first!.tasks], count: first!.count + 1 }, ...rest.map((p) => ({ ...p, count: p.count + 1 }))] };
  });
}

/** Whether a row of view 2 is (one copy of) this task, as completing it affects it. */
function affectedBy(task: OwnTask) {
  // A shared task is done for every recipient at once; an own copy only for its recipient.
  return (row: OwnTask) => row.id === task.id && (!task.multiTask || row.userId === task.userId);
}

const invalidateTasks = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: taskKeys.lists }), client.invalidateQueries({ queryKey: taskKeys.count })]);

/**
 * PUT /task/{id} `{ task: { completed } }` with the lists updated before the answer: the row
 * leaves its list for the other one and the navigation counter moves by one; afterwards
 * everything is reloaded from the server (also after a refusal).
 */
export async function setTaskCompleted(client: QueryClient, task: OwnTask, completed: boolean) {
  const from = [...taskKeys.view(TASK_VIEWS.own), !completed];
  const to = [...taskKeys.view(TASK_VIEWS.own), completed];
  await Promise.all([client.cancelQueries({ queryKey: from }), client.cancelQueries({ queryKey: taskKeys.count })]);
  removeRows(client, from, affectedBy(task));
  prependRow<OwnTask>(client, to, {
    ...task,
    completed,
    checked: completed,
    completedAtFormated: completed ? formatDate(new Date()) : '',
    // Known once the server answers (the list is reloaded then).
    completedByFullName: '',
  });
  client.setQueryData<{ unfinished: number }>(taskKeys.count, (data) =>
    data ? { unfinished: Math.max(0, data.unfinished + (completed ? -1 : 1)) } : data,
  );
  try {
    await api<Wire<typeof ZOwnTaskResponse>>(`/api/task/${task.id}`, { method: 'PUT', body: { task: { completed } } satisfies z.input<typeof ZUpdateTaskRequest> });
  } finally {
    void invalidateTasks(client);
  }
}

/** PUT /task/{id} to reopen a finished task ('Wieder öffnen'). */
export function useReopenTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (task: OwnTask) => setTaskCompleted(client, task, false) });
}

/** GET /subtasks/{id}: the user's state of each subtask (for the creator: done by all). */
export function useSubtasks(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.subtasks(taskId),
    queryFn: ({ signal }) => api<Wire<typeof ZSubtaskListResponse>>(`/api/subtasks/${taskId}`, { signal }),
    select: (data) => data.subtasks,
    enabled,
    staleTime: 0,
  });
}

/** PUT /subtasks/{id}/{subtaskId}; the answer replaces the subtasks, the row's 'x/y' follows. */
export function useSetSubtask(task: OwnTask) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subtaskId, completed }: { subtaskId: string; completed: boolean }) =>
      api<Wire<typeof ZSubtaskListResponse>>(`/api/subtasks/${task.id}/${subtaskId}`, { method: 'PUT', body: { completed } satisfies z.input<typeof ZSubtaskRequest> }),
    onMutate: async ({ subtaskId, completed }) => {
      await client.cancelQueries({ queryKey: taskKeys.subtasks(task.id) });
      client.setQueryData<{ subtasks: Subtask[] }>(taskKeys.subtasks(task.id), (data) =>
        data ? { subtasks: data.subtasks.map((s) => (s.id === subtaskId ? { ...s, completed } : s)) } : data,
      );
    },
    onSuccess: (data) => {
      client.setQueryData(taskKeys.subtasks(task.id), data);
      const done = data.subtasks.filter((s) => s.completed).length;
      client.setQueriesData<Rows<OwnTask>>({ queryKey: taskKeys.view(TASK_VIEWS.own) }, (rows) =>
        rows
          ? {
              ...rows,
              pages: rows.pages.map((p) => ({ ...p, tasks: p.tasks.map((t) => (affectedBy(task)(t) ? { ...t, subtasksDone: done } : t)) })),
            }
          : rows,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: taskKeys.subtasks(task.id) }),
  });
}

/** POST /task. */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => api<Wire<typeof ZCreatedTaskResponse>>('/api/task', { method: 'POST', body }),
    // The creator may be one of the recipients: the own list and the counter reload too.
    onSuccess: () => invalidateTasks(client),
  });
}

/** DELETE /task/{id} (only its creator). */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/task/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      removeRows<DelegatedTask>(client, taskKeys.view(TASK_VIEWS.delegated), (t) => t.id === id);
      return invalidateTasks(client);
    },
  });
}


/** GET /user/listall: everyone, for the recipient picker of a new task (only who may assign tasks). */
export function useRecipientUsers(enabled: boolean) {
  const can = useCan();
  return useQuery({
    queryKey: taskKeys.recipients,
    queryFn: ({ signal }) => api<Wire<typeof ZUserListAllResponse>>('/api/user/listall', { signal }),
    select: (data) => data.users.filter((u) => u.active),
    enabled: enabled && can(DELEGATE_PERMISSIONS),
    staleTime: 60_000,
  });
}
