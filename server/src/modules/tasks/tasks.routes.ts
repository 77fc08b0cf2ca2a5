import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  ZCreateTaskRequest,
  ZCreatedTaskResponse,
  ZSubtaskListResponse,
  ZSubtaskRequest,
  ZTaskCountResponse,
  ZTaskListResponse,
  ZOwnTaskResponse,
  ZUpdateTaskRequest,
} from '@filialportal/core/tasks';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { exportColumns, type TaskExportRow } from './tasks.export.ts';
import * as service from './tasks.service.ts';
import { listTasks, taskExportRows } from './tasks-list.ts';

const tags = ['Aufgaben'];
const ZId = z.object({ id: zId() });
const ZFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const ZView = z.enum(['2', '3']).optional().default('2');
/** A location id or 'all'; a group name or 'all' (ARCHITECTURE §3). */
const ZLocation = z.union([z.literal('all'), zId()]);
const ZTeam = z.string().min(1).max(100);
const DELEGATE = ['aufgaben_an_alle_stellen', 'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen'] as const;

export async function tasksRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/task/list/:from/:location/:team/:completed', {
    config: { access: { permission: 'aufgaben_menu_sehen' } },
    schema: {
      tags,
      summary: 'Aufgaben: Ansicht 2 eigene, 3 delegierte; offen oder erledigt; ab Position from (20 je Schritt)',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000), location: ZLocation, team: ZTeam, completed: ZFlag }),
      querystring: z.object({ taskview: ZView }),
      response: { 200: ZTaskListResponse },
    },
    handler: (req) => listTasks(deps, actorOf(req), { ...req.params, view: req.query.taskview }),
  });

  r.get('/task/count', {
    config: { access: { permission: 'aufgaben_menu_sehen' }, passive: true },
    schema: { tags, summary: 'Anzahl eigener offener Aufgaben (Zähler in der Navigation)', response: { 200: ZTaskCountResponse } },
    handler: (req) => service.countUnfinished(deps, actorOf(req)),
  });

  r.post('/task', {
    config: { live: ['tasks'], access: { anyOf: DELEGATE } },
    schema: { tags, summary: 'Aufgabe stellen', body: ZCreateTaskRequest, response: { 200: ZCreatedTaskResponse } },
    handler: (req) => service.createTask(deps, actorOf(req), req.body),
  });

  r.put('/task/:id', {
    config: { live: ['tasks'], access: { permission: 'aufgaben_erhalten' } },
    schema: { tags, summary: 'Eigene Aufgabe erledigen oder wieder öffnen: { task: { completed } }', params: ZId, body: ZUpdateTaskRequest, response: { 200: ZOwnTaskResponse } },
    handler: (req) => service.setCompleted(deps, actorOf(req), { taskId: req.params.id, completed: req.body.task.completed }),
  });

  r.delete('/task/:id', {
    config: { live: ['tasks'], access: { anyOf: DELEGATE } },
    schema: { tags, summary: 'Aufgabe löschen (nur wer sie gestellt hat)', params: ZId },
    handler: async (req, reply) => {
      await service.deleteTask(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.get('/subtasks/:id', {
    config: { access: { permission: 'aufgaben_menu_sehen' } },
    schema: { tags, summary: 'Unteraufgaben einer Aufgabe', params: ZId, response: { 200: ZSubtaskListResponse } },
    handler: (req) => service.listSubtasks(deps, actorOf(req), req.params.id),
  });

  r.put('/subtasks/:id/:subtaskId', {
    config: { live: ['tasks'], access: { permission: 'aufgaben_erhalten' } },
    schema: {
      tags,
      summary: 'Unteraufgabe abhaken: { completed }',
      params: z.object({ id: zId(), subtaskId: zId() }),
      body: ZSubtaskRequest,
      response: { 200: ZSubtaskListResponse },
    },
    handler: (req) => service.setSubtask(deps, actorOf(req), { taskId: req.params.id, subtaskId: req.params.subtaskId, completed: req.body.completed }),
  });

  r.post('/export-tasks', {
    config: { access: { permission: 'aufgaben_menu_sehen' } },
    schema: {
      tags,
      summary: 'Aufgaben als XLSX',
      querystring: z.object({ finished: ZFlag.optional().default(false), view: ZView, location: ZLocation.optional().default('all'), team: ZTeam.optional().default('all') }),
    },
    handler: (req, reply) => {
      const q = { completed: req.query.finished, view: req.query.view, location: req.query.location, team: req.query.team };
      return sendXlsx(reply, {
        filename: q.view === '3' ? 'Delegierte Aufgaben.xlsx' : 'Aufgaben.xlsx',
        sheet: 'Aufgaben',
        columns: exportColumns(q.view),
        rows: taskExportRows(deps, actorOf(req), q) as AsyncIterable<TaskExportRow[]>,
      });
    },
  });
}
