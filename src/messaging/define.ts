import * as v from 'valibot';

/**
 * One request of the protocol: the schema its input must satisfy, and (as a type only) its reply.
 * Replies must be structured-clone and JSON friendly: plain objects, arrays, strings, numbers, booleans, null.
 */
export interface RequestDef<S extends v.GenericSchema = v.GenericSchema, R = unknown> {
  readonly input: S;
  /** Phantom field carrying the reply type; never set at run time. */
  readonly __reply?: R;
}

/** Declares a request: `request<Reply>()(inputSchema)`. */
export function request<R>() {
  return <S extends v.GenericSchema>(input: S): RequestDef<S, R> => ({ input });
}

/** A long job run over a port: input schema, progress and result types. */
export interface JobDef<S extends v.GenericSchema = v.GenericSchema, P = unknown, R = unknown> {
  readonly input: S;
  readonly __progress?: P;
  readonly __result?: R;
}

/** Declares a job: `job<Progress, Result>()(inputSchema)`. */
export function job<P, R>() {
  return <S extends v.GenericSchema>(input: S): JobDef<S, P, R> => ({ input });
}

export type ReplyOf<D> = D extends RequestDef<v.GenericSchema, infer R> ? R : never;
export type ProgressOf<D> = D extends JobDef<v.GenericSchema, infer P, unknown> ? P : never;
export type ResultOf<D> = D extends JobDef<v.GenericSchema, unknown, infer R> ? R : never;

/** Who sent a request, as the router saw it. */
export interface RequestContext {
  senderUrl: string | undefined;
}

/** Handlers for a part of the protocol: the background implements one per request, typed from the table. */
export type HandlersOf<P extends Record<string, RequestDef>> = {
  [K in keyof P]: (input: v.InferOutput<P[K]['input']>, ctx: RequestContext) => Promise<ReplyOf<P[K]>> | ReplyOf<P[K]>;
};

/** What a running job can do: report progress, honour pause and cancel. */
export interface JobContext<P> {
  progress(value: P): void;
  /** Aborted when the page cancels the job or goes away. */
  readonly signal: AbortSignal;
  /** Resolves at once unless paused; throws a 'cancelled' AppError once cancelled. Call it between units of work. */
  checkpoint(): Promise<void>;
  /**
   * True while the page has the job paused (a checkpoint now would wait for resume, cancel or the pause bound). The
   * router always gives it; a context made by hand (tests, an import's own steps) may leave it out: never paused.
   */
  paused?(): boolean;
}

export type JobHandlersOf<J extends Record<string, JobDef>> = {
  [K in keyof J]: (input: v.InferOutput<J[K]['input']>, ctx: JobContext<ProgressOf<J[K]>>) => Promise<ResultOf<J[K]>>;
};

/**
 * True for `{}` from any realm: a plain object (its prototype is null or some realm's Object.prototype) with no own
 * keys. Arrays, Dates, Maps, Sets, class instances and objects with keys are not empty inputs.
 */
function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return false;
  return Reflect.ownKeys(value).length === 0;
}

/**
 * The input of every request and job that takes none: `{}` or nothing. The one schema for that in the protocol
 * (v.strictObject({}) lets arrays, Dates and Maps through: it only checks that no unknown key is set).
 */
export const noInput = v.optional(
  v.custom<Record<string, never>>(isEmptyPlainObject, 'Expected no input: {} or nothing (not an array, a Date, a Map or an object with keys)'),
);
