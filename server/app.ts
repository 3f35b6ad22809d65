import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { authorize } from './auth/authorize.js';
import { recordImpersonatedRequest } from './auth/impersonation-audit.js';
import { createMailer, type Mailer } from './auth/mailer.js';
import { loadPrincipal, type Principal } from './auth/principal.js';
import { verifyAccessToken } from './auth/tokens.js';
import type { ServerConfig } from './config.js';
import { useFieldKey } from './domain/censorship/key.js';
import { loadContract, successStatus, toFastifyPath, toJsonSchema, type Contract, type ContractOperation } from './contract/load.js';
import type { Db } from './db/client.js';
import { ApiError, errorBody, type ErrorCode } from './lib/errors.js';
import { sendConsolePage } from './lib/console-page.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { registerUploadParsers } from './lib/upload-bodies.js';
import { handlers } from './modules/index.js';
import { ATTACHMENT_TYPES } from './modules/documents/index.js';
import { FLAT_FILE_MEDIA_TYPES } from './modules/ingestion/index.js';
import { registerDevMailboxPage } from './modules/session/index.js';
import type { HandlerContext, Services } from './modules/types.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  contract?: Contract;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; served when it exists. */
  spaDir?: string;
}

const DEFAULT_SPA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

function querySchema(op: ContractOperation) {
  const query = op.parameters.filter((p) => p.in === 'query');
  if (!query.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, toJsonSchema(p.schema)])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}

function paramsSchema(op: ContractOperation) {
  const path = op.parameters.filter((p) => p.in === 'path');
  if (!path.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(path.map((p) => [p.name, toJsonSchema(p.schema)])),
    required: path.map((p) => p.name),
  };
}

/** The codes of the client errors Fastify raises itself; any other is answered as 400 bad_request. */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * A call whose contract takes a JSON body refuses any other body with 415 before it is parsed: a
 * text or binary body never reaches validation (whose message would describe the parsed stream).
 */
function refuseOtherMediaTypes(request: FastifyRequest) {
  const length = request.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError('unsupported_media_type', `This call takes a JSON body (application/json), not ${type || 'a body without a content type'}.`);
  }
}

/** Builds the server: the contract's operations, authorization, the error shape, the SPA. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // the readers that decrypt ENCRYPTED settings' values find the key here (see domain/censorship/key.ts)
  useFieldKey(config.fieldKey);
  const contract = options.contract ?? loadContract();
  const mailer = options.mailer ?? createMailer(config, db);
  const services: Services = { db, config, contract, mailer };

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Fastify answers a malformed URL or an over-long path value itself; the same error shape here
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A value in the address is too long.' : 'The address is not a valid URL.';
      (reply as FastifyReply).code(tooLong ? 414 : 400).send(errorBody(tooLong ? 'uri_too_long' : 'bad_request', message));
    },
    // X-Forwarded-For counts only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
  });
  // Validators compile on a route's first request rather than all at start: start-up stays fast
  // with a hundred operations, and each compiled validator is kept.
  // Path and query values arrive as text and are coerced to the contract's types; a JSON body is
  // taken as sent, so a number where the contract says text (or the reverse) is refused.
  const ajvOptions = { removeAdditional: false, useDefaults: true, allErrors: true, strict: false, allowUnionTypes: true } as const;
  const textAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: 'array' }));
  const bodyAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let validate: ValidateFunction | undefined;
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    const run = (data: unknown) => {
      validate ??= ajv.compile(schema);
      const ok = validate(data);
      return ok ? { value: data } : { error: Object.assign(new Error('validation failed'), { validation: validate.errors }) };
    };
    return run as never;
  });
  app.decorateRequest('principal', null);

  await app.register(cookie);
  registerUploadParsers(app, [...FLAT_FILE_MEDIA_TYPES, ...Object.keys(ATTACHMENT_TYPES)]);
  registerSecurityHeaders(app, config);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown[]; validationContext?: string; code?: string }, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (error.validation) {
      const details = (
        error.validation as Array<{ instancePath?: string; message?: string; params?: { missingProperty?: string; additionalProperty?: string } }>
      ).map((v) => ({
        path: `${error.validationContext ?? 'request'}${v.instancePath ?? ''}${v.params?.missingProperty ? `/${v.params.missingProperty}` : ''}${v.params?.additionalProperty ? `/${v.params.additionalProperty}` : ''}`,
        message: v.message ?? 'is invalid',
      }));
      return reply.code(400).send(errorBody('bad_request', `Invalid request: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, URL too long)
      const code = CLIENT_ERROR_CODES[status];
      return reply.code(code ? status : 400).send(errorBody(code ?? 'bad_request', error.message, []));
    }
    // Never leak internals: the log has the detail, the body only the request id.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', `Something went wrong. Quote request id ${request.id} when reporting this.`));
  });

  const spaDir = options.spaDir ?? DEFAULT_SPA_DIR;
  const spaIndex = join(spaDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD') || !existsSync(spaIndex)) {
      return reply.code(404).send(errorBody('not_found', `No route for ${request.method} ${path}`));
    }
    // Client-side routes of the SPA (and / itself), with a fresh nonce for its policy.
    return sendConsolePage(reply, spaIndex, config);
  });

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await verifyAccessToken(config.jwtSecret, header.slice(7).trim());
    if (!claims) return null;
    return loadPrincipal(db, claims);
  };

  for (const op of contract.operations) {
    const handler = handlers[op.operationId as keyof typeof handlers] as ((ctx: HandlerContext<never>) => Promise<unknown>) | undefined;
    const status = successStatus(op);
    const bodySchema = op.requestBody ? toJsonSchema(op.requestBody) : undefined;
    const takesJson = bodySchema !== undefined;
    app.route({
      method: op.method.toUpperCase(),
      url: toFastifyPath(op.path),
      schema: Object.fromEntries(
        Object.entries({ params: paramsSchema(op), querystring: querySchema(op), body: bodySchema }).filter(([, v]) => v !== undefined),
      ),
      // Authentication and authorization run before validation, so an unauthorised caller learns
      // nothing about the shape of a request.
      onRequest: async (request) => {
        request.principal = await authenticate(request);
        authorize(op, request.principal);
        if (takesJson) refuseOtherMediaTypes(request);
      },
      // Under impersonation every request is on the record, written before its answer leaves.
      onSend: async (request, reply, payload) => {
        await recordImpersonatedRequest(db, request, reply, op);
        return payload;
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw new ApiError('not_implemented', `${op.operationId} is not available yet`);
        reply.code(status);
        const ctx = {
          req: request,
          reply,
          services,
          db,
          get principal(): Principal {
            if (!request.principal) throw new ApiError('unauthorized', 'Sign in to continue');
            return request.principal;
          },
          maybePrincipal: request.principal,
          body: request.body,
          query: request.query,
          params: request.params,
        } as HandlerContext<never>;
        const result = await handler(ctx);
        if (reply.sent) return reply;
        if (reply.statusCode === 204 || result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
        return result;
      },
    });
  }

  registerDevMailboxPage(app, services);

  if (existsSync(spaIndex)) {
    // index.html is left to the not-found handler above, which gives each page its nonce
    await app.register(fastifyStatic, { root: spaDir, wildcard: false, index: false, globIgnore: ['index.html'] });
  }

  return app;
}
