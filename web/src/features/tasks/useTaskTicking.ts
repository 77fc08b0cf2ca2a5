import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TASK_COMPLETION_DELAY_MS } from '@filialportal/core/tasks-basics';
import { ownTaskKey, setTaskCompleted, type OwnTask } from './tasks.api.ts';
import { alertError } from '../../ui/alert-error.ts';

/**
 * Ticking a task (spec 1 §4): the box is checked at once; TASK_COMPLETION_DELAY_MS later the
 * task is completed and moves to the finished list. Unticking within the delay cancels. A
 * page left within the delay completes its ticked tasks right away rather than dropping them.
 */
export function useTaskTicking() {
  const client = useQueryClient();
  const timers = useRef(new Map<string, { task: OwnTask; timer: ReturnType<typeof setTimeout> }>());
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());

  const complete = useCallback(
    (task: OwnTask) => {
      const key = ownTaskKey(task);
      timers.current.delete(key);
      setTicked((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
      setTaskCompleted(client, task, true).catch((error: unknown) => {
        alertError(error);
      });
    },
    [client],
  );

  const toggle = useCallback(
    (task: OwnTask) => {
      const key = ownTaskKey(task);
      const pending = timers.current.get(key);
      if (pending) {
        clearTimeout(pending.timer);
        timers.current.delete(key);
        setTicked((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
        return;
      }
      timers.current.set(key, { task, timer: setTimeout(() => complete(task), TASK_COMPLETION_DELAY_MS) });
      setTicked((s) => new Set(s).add(key));
    },
    [complete],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const { task, timer } of pending.values()) {
        clearTimeout(timer);
        setTaskCompleted(client, task, true).catch(() => undefined);
      }
      pending.clear();
    };
  }, [client]);

  return { isTicked: (task: OwnTask) => ticked.has(ownTaskKey(task)), toggle };
}
