import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/platform/mail.ts';
import { readOutbox } from './helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('mail without SMTP', () => {
  it('writes each mail as an .eml file, and makes the outbox again when it was removed meanwhile', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: null, from: 'portal@example.com', outboxDir });
    await mailer.send({ to: 'vera@example.com', subject: 'Erste', text: 'Hallo Vera,\n\nerste Nachricht' });
    fs.rmSync(outboxDir, { recursive: true });
    await mailer.send({ to: 'vera@example.com', subject: 'Zweite', text: 'Hallo Vera,\n\nzweite Nachricht' });
    const mails = readOutbox(outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['vera@example.com', 'Zweite']]);
    expect(mails[0]!.text).toMatch(/^Hallo Vera,\n\nzweite Nachricht/);
  });
});
