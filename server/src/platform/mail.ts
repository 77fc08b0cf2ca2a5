import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An iCalendar invitation (REQUEST) or cancellation (CANCEL) that mail programs offer to add. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real mail through SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to
 * `outboxDir`, complete with headers, so it can be opened in any mail program.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | null = null;
  const load = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  // The outbox directory is made with the first mail; a failed attempt is tried again with the next.
  let outbox: Promise<unknown> | null = null;
  const outboxReady = () => (outbox ??= fs.mkdir(opts.outboxDir, { recursive: true }).catch((err: unknown) => ((outbox = null), Promise.reject(err))));
  return {
    async send(mail) {
      const info = await (await load()).sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      await outboxReady();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      const message = (info as unknown as { message: Buffer }).message;
      await fs.writeFile(file, message).catch(async (err: NodeJS.ErrnoException) => {
        // The directory was removed while the portal ran: made again.
        if (err.code !== 'ENOENT') throw err;
        outbox = null;
        await outboxReady();
        await fs.writeFile(file, message);
      });
    },
  };
}
