import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { users } from '../users/index.ts';

/** A task as its creator wrote it (spec 3 §3 Task); who has to do it is in task_assignments. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    priority: smallint('priority').notNull().default(2),
    deadline: date('deadline').notNull(),
    /** true: each recipient completes an own copy; false: shared, done when one completes it. */
    multiTask: boolean('multi_task').notNull().default(false),
    /** Created and completed by another module (e.g. a vacation request): not ticked by hand. */
    locked: boolean('locked').notNull().default(false),
    /** Where the task leads in the app, e.g. 'absence/1' (view and target of another module). */
    link: text('link').notNull().default(''),
    /** What the task belongs to, e.g. 'absence:<id>', so its module can complete or remove it. */
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Created by the portal itself (a job, e.g. the rating tasks), not by a person: its sender is
     * 'Filialportal'. Without it an empty `created_by` means the creator's account was deleted.
     */
    fromSystem: boolean('from_system').notNull().default(false),
    /** The selection as chosen: group names, location ids, user ids. */
    teams: text('teams').array().notNull().default(sql`'{}'::text[]`),
    locations: uuid('locations').array().notNull().default(sql`'{}'::uuid[]`),
    users: uuid('users').array().notNull().default(sql`'{}'::uuid[]`),
    /** The title for the portal search. */
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector([[sql`title`, 'A']])),
    ...timestamps(),
  },
  (t) => [
    index('tasks_search_idx').using('gin', t.search),
    index('tasks_created_by_idx').on(t.createdBy, t.createdAt),
    index('tasks_reference_idx').on(t.reference),
    // The open-task lists read tasks in this order and stop after a page.
    index('tasks_deadline_idx').on(t.deadline, t.priority.desc(), t.id),
  ],
);

/** One recipient of a task, with the recipient's progress. */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    /** Ids of the subtasks this recipient has ticked. */
    subtasksDone: uuid('subtasks_done').array().notNull().default(sql`'{}'::uuid[]`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('task_assignments_task_user_uq').on(t.taskId, t.userId),
    index('task_assignments_user_open_idx').on(t.userId, t.completedAt),
    // Open assignments per task: the lists' join and their count, without the finished ones.
    index('task_assignments_open_task_idx').on(t.taskId, t.userId).where(sql`completed_at is null`),
  ],
);

/** Subtasks of a task, in order. */
export const taskSubtasks = pgTable(
  'task_subtasks',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
  },
  (t) => [index('task_subtasks_task_idx').on(t.taskId, t.position)],
);
