import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.ts';
import { taskProgress, ZCreateTaskRequest } from '../src/tasks.ts';

const base = { recipients: 8, done: 0, completed: false, completedByFullName: '', completedAtFormated: '' };

describe('progress of a delegated task (view 3)', () => {
  it("counts the recipients of a task 'für jeden einzeln'", () => {
    expect(taskProgress({ ...base, multiTask: true, done: 3 })).toEqual({ label: '3 von 8 erledigt', percent: 38 });
    expect(taskProgress({ ...base, multiTask: true, done: 8, completed: true })).toEqual({ label: '8 von 8 erledigt', percent: 100 });
    expect(taskProgress({ ...base, multiTask: true, recipients: 0 })).toEqual({ label: '0 von 0 erledigt', percent: 0 });
  });

  it("a closed shared task never reads '0 von 8 erledigt': it names who completed it and when", () => {
    const closed = { ...base, multiTask: false, completed: true, completedByFullName: 'Tina Testerin', completedAtFormated: '23.11.2026' };
    expect(taskProgress(closed)).toEqual({ label: 'Erledigt von Tina Testerin am 23.11.2026', percent: 100 });
    expect(taskProgress({ ...closed, done: 1 }).label).toBe('Erledigt von Tina Testerin am 23.11.2026');
  });

  it('a shared task completed by another area has no person to name', () => {
    expect(taskProgress({ ...base, multiTask: false, completed: true, completedAtFormated: '01.07.2026' }).label).toBe('Erledigt am 01.07.2026');
  });

  it('an open shared task says it is open and for how many', () => {
    expect(taskProgress({ ...base, multiTask: false })).toEqual({ label: 'Offen · 8 Empfänger', percent: 0 });
    expect(taskProgress({ ...base, multiTask: false, recipients: 1200 }).label).toBe('Offen · 1.200 Empfänger');
  });
});

describe('a new task (POST /task)', () => {
  const messages = (body: unknown) => {
    const r = ZCreateTaskRequest.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('names a missing recipient beside a missing title and date (a form shows them at once)', () => {
    const found = messages({ title: '', deadline: '' });
    for (const message of [MSG.taskTitleRequired, MSG.taskDateRequired, MSG.taskRecipientsRequired]) expect(found).toContain(message);
    // The server answers with the first: still the title.
    expect(found[0]).toBe(MSG.taskTitleRequired);
  });

  it('checks recipients only on a body that is an object with well-formed lists', () => {
    expect(messages(undefined)).toHaveLength(1);
    expect(messages('Aufgabe')).toHaveLength(1);
    expect(messages({ title: 'Inventur', deadline: '2030-01-01', users: 'alle' })).not.toContain(MSG.taskRecipientsRequired);
  });
});
