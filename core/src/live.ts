import { z } from 'zod';

/**
 * The navigation counters the server pushes changes of (GET /api/events): each names the
 * counter a browser reads again when the event arrives. 'notifications' (the bell) goes only to
 * the streams of the people concerned.
 */
export const LIVE_KINDS = ['tasks', 'claims', 'trainings', 'advertising', 'news', 'notifications'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** The data of an event `changed` on the stream. */
export const ZLiveChanged = z.array(z.enum(LIVE_KINDS));
