import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../../src/messaging/errors';
import { standIn } from '../../kit/stand-in';

describe('the stand-in background for page components', () => {
  it('answers through the real router: the reply crosses the wire as a copy, an input the protocol refuses never reaches the handler', async () => {
    const tags = ['read', 'later'];
    const bg = standIn({ requests: { 'tags.list': async () => tags.map((tag) => ({ tag, count: 1 })) } });
    const reply = await bg.client.call('tags.list', {});
    expect(reply.map((t) => t.tag)).toEqual(['read', 'later']);
    // @ts-expect-error -- a page that sends what the protocol does not allow
    const refused = await bg.client.call('tags.list', { extra: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RemoteError);
    expect((refused as RemoteError).code).toBe('invalid-request');
    expect(bg.calls).toEqual([{ type: 'tags.list', input: {} }]);
  });

  it('runs a job over a port with its progress, as the job server does', async () => {
    const bg = standIn({
      jobs: {
        'test.countTo': async ({ n }, ctx) => {
          for (let i = 1; i <= n; i++) ctx.progress({ done: i, total: n });
          return { counted: n };
        },
      },
    });
    const seen: number[] = [];
    const result = await bg.client.startJob('test.countTo', { n: 3 }, (p) => seen.push(p.done)).result;
    expect(result).toEqual({ counted: 3 });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('names a request the test gave no answer for (the test fails at its end unless it looks at it)', async () => {
    const bg = standIn({});
    const error = await bg.client.call('settings.get', {}).catch((e: unknown) => e);
    expect((error as RemoteError).code).toBe('internal');
    expect(bg.unanswered).toEqual(['settings.get']);
    bg.unanswered.length = 0;
  });
});
