import { describe, expect, it } from 'vitest';
import { changedKinds, eventStreamParser } from './live-events.ts';

describe('event stream parsing', () => {
  it('splits events across arbitrary chunk borders, skips comments, joins data lines', () => {
    const feed = eventStreamParser();
    const text = 'retry: 2000\nevent: ready\ndata: {}\n\n: lebenszeichen\n\nevent: changed\ndata: ["tasks",\ndata: "news"]\r\n\r\n';
    const events = [];
    for (let i = 0; i < text.length; i += 3) events.push(...feed(text.slice(i, i + 3)));
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'changed', data: '["tasks",\n"news"]' },
    ]);
  });

  it('an event without a name is a message; one without data is no event', () => {
    const feed = eventStreamParser();
    expect(feed('data: x\n\nevent: leer\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('reads only known counter names from a changed event', () => {
    expect(changedKinds('["tasks","claims"]')).toEqual(['tasks', 'claims']);
    expect(changedKinds('["tasks","passwort"]')).toEqual([]);
    expect(changedKinds('kein json')).toEqual([]);
  });
});
