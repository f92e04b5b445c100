/**
 * Type tests of the message protocol, checked by tsc (npm run typecheck, the first step of npm test) and never run.
 * They pin what docs/ARCHITECTURE.md leans on: TypeScript refuses a protocol entry without a handler, a handler's
 * input and reply are the ones its entry declares, and a job's progress and result types reach the page.
 * An `@ts-expect-error` line fails the typecheck as soon as it compiles.
 */
import * as v from 'valibot';
import { describe, expectTypeOf, test } from 'vitest';
import type { ReviewedScan, ScanProgress } from '../../src/dedup/protocol';
import type { Client, JobHandle } from '../../src/app-protocol/client';
import {
  job,
  noInput,
  request,
  type HandlersOf,
  type JobContext,
  type JobDef,
  type JobHandlersOf,
  type RequestContext,
  type RequestDef,
} from '../../src/messaging/define';
import type { client as pageClient } from '../../src/app-protocol/page-client';
import type { JobProgress, JobResult, ProductionJobs, ProductionProtocol, RequestReply } from '../../src/app-protocol/protocol';
import type { Settings } from '../../src/settings/settings';

/** A protocol part as a feature declares one (src/<feature>/protocol.ts). */
const part = {
  'demo.title': request<{ title: string }>()(v.strictObject({ id: v.string() })),
  'demo.clear': request<{ cleared: number }>()(noInput),
};
const demoJobs = {
  'demo.count': job<{ done: number }, { total: number }>()(v.strictObject({ upTo: v.number() })),
};

declare const productionHandlers: HandlersOf<ProductionProtocol>;
declare const productionJobHandlers: JobHandlersOf<ProductionJobs>;
declare const client: Client;

describe('handlers (src/messaging/define.ts, joined in src/app/background-app.ts)', () => {
  test('one handler per entry, its input from the schema and its reply the declared one', () => {
    expectTypeOf(part).toExtend<Record<string, RequestDef>>();
    expectTypeOf(demoJobs).toExtend<Record<string, JobDef>>();
    const handlers: HandlersOf<typeof part> = { 'demo.title': ({ id }) => ({ title: id }), 'demo.clear': async () => ({ cleared: 0 }) };
    expectTypeOf(handlers['demo.title']).parameters.toEqualTypeOf<[{ id: string }, RequestContext]>();
    expectTypeOf(handlers['demo.title']).returns.toEqualTypeOf<{ title: string } | Promise<{ title: string }>>();
  });

  test('an entry without a handler does not compile', () => {
    // @ts-expect-error 'demo.clear' has no handler
    const missing: HandlersOf<typeof part> = { 'demo.title': ({ id }) => ({ title: id }) };
    expectTypeOf(missing).toHaveProperty('demo.clear');
  });

  test('a reply other than the declared one does not compile', () => {
    // @ts-expect-error the reply of 'demo.title' is {title: string}
    const wrong: HandlersOf<typeof part> = { 'demo.title': () => ({ title: 1 }), 'demo.clear': () => ({ cleared: 0 }) };
    expectTypeOf(wrong).toEqualTypeOf<HandlersOf<typeof part>>();
  });

  test('the production table: dropping any one handler does not compile', () => {
    const { 'settings.get': _settingsGet, ...withoutSettingsGet } = productionHandlers;
    // @ts-expect-error 'settings.get' has no handler
    const joined: HandlersOf<ProductionProtocol> = withoutSettingsGet;
    expectTypeOf(joined).toEqualTypeOf<HandlersOf<ProductionProtocol>>();
    // Every key of the table is a required handler (none optional, none extra).
    expectTypeOf<keyof HandlersOf<ProductionProtocol>>().toEqualTypeOf<keyof ProductionProtocol>();
    expectTypeOf<Partial<HandlersOf<ProductionProtocol>>>().not.toExtend<HandlersOf<ProductionProtocol>>();
  });

  test('jobs: a job without a handler does not compile, and the handler reports the declared progress', () => {
    const jobHandlers: JobHandlersOf<typeof demoJobs> = {
      'demo.count': async ({ upTo }, ctx) => {
        ctx.progress({ done: 0 });
        // @ts-expect-error progress of 'demo.count' is {done: number}
        ctx.progress({ done: '1' });
        return { total: upTo };
      },
    };
    expectTypeOf(jobHandlers['demo.count']).parameter(1).toEqualTypeOf<JobContext<{ done: number }>>();
    expectTypeOf(jobHandlers['demo.count']).returns.toEqualTypeOf<Promise<{ total: number }>>();
    // @ts-expect-error 'demo.count' has no handler
    const none: JobHandlersOf<typeof demoJobs> = {};
    expectTypeOf(none).toEqualTypeOf<JobHandlersOf<typeof demoJobs>>();

    const { 'dedup.scan': _scan, ...withoutScan } = productionJobHandlers;
    // @ts-expect-error the production job 'dedup.scan' has no handler
    const joined: JobHandlersOf<ProductionJobs> = withoutScan;
    expectTypeOf(joined).toEqualTypeOf<JobHandlersOf<ProductionJobs>>();
  });
});

describe('the page (src/app-protocol/client.ts, page-client.ts)', () => {
  test('the page client is the typed Client', () => {
    expectTypeOf<typeof pageClient>().toEqualTypeOf<Client>();
  });

  test("a job's progress and result types reach the page: the ones the feature declared (dedup.scan)", () => {
    expectTypeOf<JobProgress<'dedup.scan'>>().toEqualTypeOf<ScanProgress>();
    expectTypeOf<JobResult<'dedup.scan'>>().toEqualTypeOf<ReviewedScan>();
    type StartScan = typeof client.startJob<'dedup.scan'>;
    expectTypeOf<StartScan>().parameter(2).toEqualTypeOf<((progress: ScanProgress) => void) | undefined>();
    expectTypeOf<StartScan>().returns.toEqualTypeOf<JobHandle<ReviewedScan>>();
    expectTypeOf<ReturnType<StartScan>['result']>().toEqualTypeOf<Promise<ReviewedScan>>();
    // The background's handler for it takes the same progress and returns the same result.
    expectTypeOf(productionJobHandlers['dedup.scan']).parameter(1).toEqualTypeOf<JobContext<ScanProgress>>();
    expectTypeOf(productionJobHandlers['dedup.scan']).returns.toEqualTypeOf<Promise<ReviewedScan>>();
  });

  test("a request's reply reaches the page, and a wrong name or input does not compile", () => {
    expectTypeOf<RequestReply<'settings.get'>>().toEqualTypeOf<Settings>();
    expectTypeOf<ReturnType<typeof client.call<'settings.get'>>>().toEqualTypeOf<Promise<Settings>>();
    // Compiled, never made.
    const calls = () => [
      client.call('settings.get', {}),
      // @ts-expect-error not a request of the protocol
      client.call('settings.nope', {}),
      // @ts-expect-error the patch is an object of settings sections
      client.call('settings.set', { patch: 5 }),
      // @ts-expect-error onProgress gets the scan's progress, not a number
      client.startJob('dedup.scan', {}, (progress: number) => progress),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});
