import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema.js';
import type { Principal } from '../auth/principal.js';
import type { ServerConfig } from '../config.js';
import type { Contract } from '../contract/load.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../auth/mailer.js';

export type OperationId = keyof operations;

type Op<K extends OperationId> = operations[K];
/** The body of any of the answer's content types (a download may answer XML or JSON). */
type JsonOf<C> = C extends Record<string, infer V> ? V : never;
type Content<R> = R extends { content: infer C } ? JsonOf<C> : void;

export type RequestBody<K extends OperationId> =
  Op<K> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type ParamsOf<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? NonNullable<P> : Record<string, never>;
type Responses<K extends OperationId> = Op<K>['responses'];
/** The union of the operation's 2xx answer bodies. */
export type SuccessBody<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends 200 | 201 | 202 | 204 ? Content<Responses<K>[S]> : never;
}[keyof Responses<K>];

export interface Services {
  db: Db;
  config: ServerConfig;
  contract: Contract;
  mailer: Mailer;
}

export interface HandlerContext<K extends OperationId> {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  db: Db;
  /** The signed-in agent. Reading it in a public operation without a token throws 401. */
  principal: Principal;
  maybePrincipal: Principal | null;
  body: RequestBody<K>;
  query: QueryOf<K>;
  params: ParamsOf<K>;
}

/** A handler answers the body, or a promise of it when it waits on the database or another call. */
export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => SuccessBody<K> | Promise<SuccessBody<K>>;
export type HandlerMap = { [K in OperationId]?: Handler<K> };

/** Lets an area file declare its handlers with full typing from the contract. */
export function defineHandlers<M extends HandlerMap>(map: M & HandlerMap): M {
  return map;
}
