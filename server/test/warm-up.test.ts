import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../src/platform/access.ts';
import { warmUpAfterFirstPerson } from '../src/platform/warm-up.ts';

describe('loading the large modules', () => {
  it('waits for the first answer to a signed-in person, then runs once', async () => {
    const app = Fastify();
    let warmUps = 0;
    warmUpAfterFirstPerson(app, () => undefined, async () => void warmUps++);
    // As platform/auth.ts does for a request with a session.
    app.addHook('preValidation', async (req) => {
      if (req.headers.authorization) req.actor = { userId: 'u' } as Actor;
    });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/user', async () => ({ ok: true }));
    // A load balancer's checks and the login page leave an unused instance small.
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health' });
    expect(warmUps).toBe(0);
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer x' } });
    await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer y' } });
    expect(warmUps).toBe(1);
    await app.close();
  });
});
