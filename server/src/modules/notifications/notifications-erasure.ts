import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { countNamed, type ErasurePart, unname } from '../../platform/erasure.ts';
import { notificationOutbox, notifications } from './notifications.table.ts';

/** Erasure: others' notifications keep their news ('Urlaubsantrag von …'), the name becomes 'Benutzer gelöscht'. */
export const notificationsErasure: ErasurePart = {
  async preview(db, person) {
    const n = await countNamed(db, sql`${notifications}`, ['title', 'body'], person);
    return { deleted: [], kept: [{ label: `Benachrichtigungen anderer, die die Person nennen (als „${MSG.deletedUser}“)`, count: n, until: null }] };
  },
  async erase(db, person) {
    await unname(db, sql`${notifications}`, ['title', 'body'], person);
    // A mail still waiting holds its text as JSON.
    await unname(db, sql`${notificationOutbox}`, ['mail'], person, true);
    return [];
  },
};
