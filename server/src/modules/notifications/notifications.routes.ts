import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  ZNotificationReadResponse,
  ZNotificationSettings,
  ZNotificationsQuery,
  ZNotificationsResponse,
  ZPushKeyResponse,
  ZPushSubscription,
  ZPushUnsubscribe,
} from '@filialportal/core/notifications';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import * as service from './notifications.service.ts';
import * as push from './push.service.ts';

const tags = ['Benachrichtigungen'];

/** Everyone logged in has a notification centre; each person reads and changes only their own. */
export async function notificationsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Eigene Benachrichtigungen, neueste zuerst, 20 ab Position from, mit Gesamtzahl und ungelesenen', querystring: ZNotificationsQuery, response: { 200: ZNotificationsResponse } },
    handler: (req) => service.listNotifications(deps, actorOf(req), req.query),
  });
  r.put('/notifications/read-all', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Alle eigenen Benachrichtigungen als gelesen markieren', response: { 200: ZNotificationReadResponse } },
    handler: (req) => service.markAllRead(deps, actorOf(req)),
  });
  r.put('/notifications/:id/read', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Eine eigene Benachrichtigung als gelesen markieren', params: z.object({ id: zId() }), response: { 200: ZNotificationReadResponse } },
    handler: (req) => service.markRead(deps, actorOf(req), req.params.id),
  });
  r.get('/notifications/settings', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Push und E-Mail je Art der Benachrichtigung', response: { 200: ZNotificationSettings } },
    handler: (req) => service.notificationSettings(deps, actorOf(req)),
  });
  r.put('/notifications/settings', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Push und E-Mail je Art speichern (genannte Arten; die übrigen bleiben)', body: ZNotificationSettings, response: { 200: ZNotificationSettings } },
    handler: (req) => service.saveNotificationSettings(deps, actorOf(req), req.body),
  });

  r.get('/push/key', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Öffentlicher VAPID-Schlüssel für PushManager.subscribe', response: { 200: ZPushKeyResponse } },
    handler: () => push.pushKey(deps),
  });
  r.post('/push/subscriptions', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Push-Abonnement dieses Browsers (PushSubscription als JSON) speichern', body: ZPushSubscription, response: { 201: z.object({ id: zId(), endpoint: z.string() }) } },
    handler: async (req, reply) => reply.status(201).send(await push.subscribePush(deps, actorOf(req), req.body)),
  });
  r.delete('/push/subscriptions', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Push-Abonnement dieses Browsers beenden (nach Endpunkt)', body: ZPushUnsubscribe },
    handler: async (req, reply) => {
      await push.unsubscribePush(deps, actorOf(req), req.body);
      return reply.status(204).send();
    },
  });
}
