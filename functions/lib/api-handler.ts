import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { API_PREFIX, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, readBearer, TOKEN_HEADER } from '#shared/envelope.ts';
import { fallbackLanguage, isLanguage, translate, type Language, type MessageKey, type MessageParams } from '#shared/messages.ts';
import { CURRENT_MODULE } from '#shared/constants.ts';
import type { RoutePath, RouteResponse, Routes } from '#shared/routes.ts';
import type { RouteDef, RouteTable } from '#shared/routes/define.ts';
import { illFormedTextPath, MAX_BODY_DEPTH, nestsDeeperThan } from '#shared/validation.ts';
import { allows, loadRights, type Rights } from '#domain/access.ts';
import type { AuditActor } from './audit.ts';
import { clientAddress } from './client-address.ts';
import { config } from './config.ts';
import { epochSeconds } from './data/table.ts';
import { extendSession, getSession, isLive, type Session } from '#data/sessions.ts';
import { contractAllows, getContract } from '#data/contracts.ts';
import { getUser, type User } from '#data/users.ts';
import { getIpEntry } from '#data/ip-entries.ts';
import { addressAllowed, CONTRACT_ENTRY_ID, rangesInForce } from './ip-policy.ts';

import { codes, type CodeName } from '#shared/codes.ts';
import { envelopeResponse } from './envelope.ts';
import { DomainError, InputError } from './errors.ts';
import { logger, type Logger } from './logger.ts';
import { recordInvocation } from './metrics.ts';
import { signToken, verifyToken } from './tokens.ts';

/**
 * The handler kit: every endpoint group's Lambda is `createApiHandler(group, operations)`.
 * Middleware order (ARCHITECTURE.md "A request"): error mapping, JSON parsing, token check and
 * refresh with the tenant taken from the token only, IP policy, validation, then the operation.
 */

/** Who is calling: present on every route whose access is not `public`. */
export interface Caller {
  kykId: string;
  userId: string;
  user: User;
  session: Session;
  /** What the caller may do (functions/domain/access.ts); the kit has already checked the route's access. */
  rights: Rights;
}

export interface OperationContext<P extends RoutePath> {
  path: P;
  input: z.output<Routes[P]['request']>;
  language: Language;
  requestId: string;
  log: Logger;
  caller: Routes[P]['access'] extends 'public' ? Caller | undefined : Caller;
  /** Client address as API Gateway saw it (never a forwarded header). */
  sourceIp: string;
  userAgent: string;
  /** The client's Idempotency-Key header (shared/envelope.ts), already checked for shape; absent when not sent. */
  idempotencyKey?: string;
}

/** The audit actor of an authenticated operation. */
export const auditActor = (context: { caller: Caller; requestId: string; sourceIp: string }): AuditActor => ({
  kykId: context.caller.kykId,
  userId: context.caller.userId,
  userName: context.caller.user.user_nm,
  requestId: context.requestId,
  sourceIp: context.sourceIp,
});

/**
 * An operation may answer data alone, or data with a non-zero success code or a new token; or,
 * for a browser that arrived by a form post (the SAML ACS), `redirect`: a 303 to that same-origin
 * path instead of the envelope.
 */
export class Reply<T> {
  constructor(readonly data: T, readonly options: { token?: string; codeName?: SuccessCodeName; redirect?: string } = {}) {}
}

/**
 * Codes an operation answers with data: success codes (SPEC.md §8, e.g. 990000210001 "user
 * created") and the sign-in results that name the next step (docs/sign-in.md).
 */
export type SuccessCodeName = 'ok' | 'userCreated' | 'passwordChanged' | 'unsuspendedWithPasswordChange' | 'unsuspended'
  | 'loginPasswordNotSatisfying' | 'loginPasswordTimeout' | 'loginInfoChangeRequired' | 'loginPasswordChangeRequired'
  | 'loginMailOtpNeeded' | 'loginTotpNeeded' | 'loginDifferentLocation';

export type Operation<P extends RoutePath> = (context: OperationContext<P>) => Promise<RouteResponse<P> | Reply<RouteResponse<P>>>;

/** One operation for every route of a group's table (shared/routes/<group>.ts), and no other. */
export type GroupOperations<T extends RouteTable> = {
  [P in keyof T & RoutePath]: Operation<P>;
};

interface RequestState {
  path?: RoutePath;
  /** The route's manifest entry. */
  route?: RouteDef;
  body?: unknown;
  language: Language;
  requestId: string;
  log: Logger;
  caller?: Caller;
  /** The refreshed token that goes back on every authenticated response, errors included. */
  token?: string;
  /** The client's address (functions/lib/client-address.ts). */
  sourceIp: string;
  /** The IP ranges in force for the caller, read with the session (ip-policy.ts); empty allows all. */
  ipRanges?: string[];
  started: number;
  /** The contract the call is for: the token's, or on a public route the one its checked input names. */
  kykId?: string;
  /** What the envelope answers (for the request line and the metrics). */
  codeName?: CodeName;
}

type ApiContext = Context & { api: RequestState };
type ApiMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

const acceptLanguage = (event: APIGatewayProxyEventV2): Language => {
  const first = header(event, 'accept-language')?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : fallbackLanguage;
};

/**
 * The request's last line and its metrics (functions/lib/metrics.ts): the route is the metrics'
 * dimension, the contract only a property. `refusals` are the domain errors a caller is answered
 * (code < 0 besides -1: input, permission, token timeout, business rules); `errors` are -1, the
 * unexpected. Sign-in results that name the next step are answers, not refusals.
 */
const finish = (api: RequestState, statusCode: number | undefined, outcome?: string) => {
  const ms = Date.now() - api.started;
  const code = codes[api.codeName ?? 'ok'].code;
  api.log.info('request', { status: statusCode, code, ms, ...(outcome ? { outcome } : {}) });
  recordInvocation({ dimension: 'route', name: api.path ?? '(unknown)', ms, outcome: api.codeName === 'unknown' ? 'error' : outcome !== undefined ? 'refusal' : 'ok', kykId: api.kykId, requestId: api.requestId });
};

/** Outermost: starts the request state, maps every failure to the envelope, logs the outcome. */
const errorEnvelope = (): ApiMiddleware => ({
  before: ({ event, context }) => {
    const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
    context.api = {
      language: acceptLanguage(event),
      requestId,
      // Fresh for every invocation: nothing of the previous call's caller is carried over. The raw
      // path is not logged (only the route, once resolved): a client may put anything in it.
      log: logger.child({ request_id: requestId, ...(context.awsRequestId && context.awsRequestId !== requestId ? { lambda_request_id: context.awsRequestId } : {}) }),
      sourceIp: event.requestContext?.http?.sourceIp ?? '',
      started: Date.now(),
    };
  },
  after: ({ context, response }) => {
    finish(context.api, response?.statusCode);
  },
  onError: (request) => {
    const { context, error } = request;
    const api = context.api;
    const info = { request_id: api.requestId };
    if (error instanceof InputError) {
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, key]) => [field, translate(api.language, key, error.fieldParams[field])]),
      );
      api.codeName = 'input';
      request.response = envelopeResponse({ codeName: 'input', language: api.language, info: { ...info, fields }, token: api.token });
    } else if (error instanceof DomainError) {
      const fields = Object.keys(error.fields).length
        ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(api.language, key, error.params)]))
        : undefined;
      api.codeName = error.codeName;
      request.response = envelopeResponse({
        codeName: error.codeName, language: api.language, params: error.params, messageKey: error.messageKey, info: { ...info, ...(fields ? { fields } : {}) }, token: api.token,
      });
    } else {
      api.log.error('unhandled error', { error });
      api.codeName = 'unknown';
      request.response = envelopeResponse({ codeName: 'unknown', language: api.language, info, token: api.token });
    }
    finish(api, request.response.statusCode, error instanceof DomainError ? error.codeName : 'unknown');
  },
});

/** Resolves the route in this group's table, or answers -3 (404) for any other path or method. */
const resolveRoute = (table: RouteTable): ApiMiddleware => ({
  before: ({ event, context }) => {
    const path = event.rawPath.startsWith(`${API_PREFIX}/`) ? event.rawPath.slice(API_PREFIX.length + 1) : '';
    // An address outside the manifest is not logged: a client may put anything in it (a link's token).
    if (event.requestContext?.http?.method !== 'POST' || !Object.hasOwn(table, path)) throw new DomainError('address');
    context.api.path = path as RoutePath;
    context.api.route = table[path];
    context.api.log = context.api.log.child({ route: path });
  },
});

/** Where the request comes from: the viewer behind CloudFront, refusing requests that bypassed it. */
const sourceAddress = (): ApiMiddleware => ({
  before: async ({ event, context }) => {
    context.api.sourceIp = await clientAddress(event);
  },
});

const jsonBody = (): ApiMiddleware => ({
  before: ({ event, context }) => {
    const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    if (raw.trim() === '') {
      context.api.body = {};
      return;
    }
    if (context.api.route!.body === 'form') {
      // An HTML form post: the first value of each field (the route's schema decides which are allowed).
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(raw)) if (!Object.hasOwn(fields, name)) fields[name] = value;
      context.api.body = fields;
      return;
    }
    // Before anything walks it (the token check comes after): 40 KB of nested brackets would exhaust
    // the stack of every recursive walk over the parsed value.
    if (nestsDeeperThan(raw, MAX_BODY_DEPTH)) throw new InputError({ body: 'validation.bodyTooDeep' }, { body: { max: MAX_BODY_DEPTH } });
    try {
      context.api.body = JSON.parse(raw);
    } catch {
      throw new InputError({ body: 'validation.invalidJson' });
    }
    // JSON escapes can carry lone surrogates: stored, they break downloads and mails later.
    const illFormed = illFormedTextPath(context.api.body);
    if (illFormed) throw new InputError({ [illFormed]: 'validation.illFormedText' });
    const language = (context.api.body as { language?: unknown } | null)?.language;
    if (isLanguage(language)) context.api.language = language;
  },
});

/**
 * Token check and refresh, then the access model. A tampered, expired or orphaned token (its
 * session ended by logout or a forced login) answers -102. The tenant comes from the verified
 * token, never from the body. The route's declared access (administrator, or a drive level) is
 * checked here against the caller's rights, before any operation runs: -101 / 403.
 */
const authenticate = (): ApiMiddleware => ({
  before: async ({ event, context }) => {
    const api = context.api;
    const route = api.route!;
    const access = route.access;
    if (access === 'public') return;
    const token = readBearer(header(event, TOKEN_HEADER));
    const claims = token ? await verifyToken(token) : undefined;
    if (!claims) throw new DomainError('tokenTimeout');
    // Two rounds of reads at most: what the token names (with the contract's IP entry), then what
    // the user's account-area group decides (rights, the group's IP entry) beside the session's slide.
    const [session, user, contract, contractIp] = await Promise.all([
      getSession(claims.kyk, claims.sub, claims.sid), getUser(claims.kyk, claims.sub), getContract(claims.kyk), getIpEntry(claims.kyk, CONTRACT_ENTRY_ID),
    ]);
    // A stopped contract ends its sessions as a suspension does.
    if (!session || !isLive(session) || !user || user.status !== 0 || contract?.status !== 'active') throw new DomainError('tokenTimeout');
    api.language = user.language;
    const idleSeconds = config.sessionIdleMinutes * 60;
    const groupId = user.groups?.ata ?? undefined;
    const [fresh, rights, groupIp] = await Promise.all([
      // Writing on every call would cost a write per request; sliding once a minute is indistinguishable.
      session.expires_at - epochSeconds() < idleSeconds - 60 ? extendSession(session, idleSeconds) : session,
      loadRights(user),
      groupId ? getIpEntry(claims.kyk, groupId) : undefined,
    ]);
    if (!fresh) throw new DomainError('tokenTimeout');
    api.ipRanges = rangesInForce({ group: groupIp, contract: contractIp });
    api.caller = { kykId: claims.kyk, userId: claims.sub, user, session: fresh, rights };
    api.kykId = claims.kyk;
    api.log = api.log.child({ kyk: claims.kyk, user: claims.sub });
    api.token = await signToken({ kyk: claims.kyk, sub: claims.sub, sid: fresh.session_id, exp: fresh.expires_at });
    if (!allows(rights, access)) throw new DomainError('permissionError');
    // A contract without this product keeps only the session calls (the SPA then signs out).
    if (route.group !== 'auth' && !contractAllows(contract, CURRENT_MODULE)) throw new DomainError('loginContractNotAllowed');
  },
});

/**
 * The IP allow-list on every authenticated call, with the client's address (never a forwarded
 * header, which any client can write). Sign-in applies it in its own flow.
 */
const ipPolicy = (): ApiMiddleware => ({
  before: ({ context }) => {
    const caller = context.api.caller;
    // Signing out is always allowed: it only ends the caller's own session.
    if (!caller || context.api.path === 'login/logout_btn') return;
    const ranges = context.api.ipRanges;
    if (!ranges) throw new Error('the IP ranges are read with the session');
    if (!addressAllowed(ranges, context.api.sourceIp)) {
      context.api.token = undefined;
      throw new DomainError('loginLimitedByAdmin');
    }
  },
});

const issueFields = (error: z.core.$ZodError): InputError => {
  const fields: Record<string, MessageKey> = {};
  const params: Record<string, MessageParams> = {};
  for (const issue of error.issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const field = path.map(String).join('.') || 'body';
      if (fields[field]) continue;
      const key = issue.code === 'unrecognized_keys' ? 'validation.unknownField' : issue.message;
      fields[field] = (/^(validation|code|notice)\.\w+$/.test(key) ? key : 'validation.invalidValue') as MessageKey;
      if (issue.code === 'too_big') params[field] = { max: Number(issue.maximum) };
      // A refinement may name what was wrong (e.g. the bad entries of an IP list): strings and numbers only.
      else if (issue.code === 'custom' && issue.params) params[field] = Object.fromEntries(Object.entries(issue.params).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])));
    }
  }
  return new InputError(fields, params);
};

/** A group's Lambda handler, as API Gateway (and the local adapter) invoke it. */
export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * A group's handler from its own route table (so its bundle carries only its own schemas) and one
 * operation per route.
 */
export function createApiHandler<T extends RouteTable>(routeTable: T, operations: GroupOperations<T>): ApiHandler {
  const table = operations as unknown as Record<RoutePath, Operation<RoutePath>>;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(errorEnvelope())
    .use(resolveRoute(routeTable))
    .use(sourceAddress())
    .use(jsonBody())
    .use(authenticate())
    .use(ipPolicy())
    .handler(async (event, context) => {
      const api = context.api;
      const path = api.path!;
      const parsed = api.route!.request.safeParse(api.body);
      if (!parsed.success) throw issueFields(parsed.error);
      if (!api.caller) {
        // A public route (sign-in, a share or file-request link): the contract and user its input names, for the lines and the per-contract figures.
        const named = parsed.data as { kyk_id?: unknown; user_id?: unknown };
        if (typeof named.kyk_id === 'string') api.kykId = named.kyk_id;
        api.log = api.log.child({ ...(api.kykId ? { kyk: api.kykId } : {}), ...(typeof named.user_id === 'string' ? { user: named.user_id } : {}) });
      }
      // Only the manifest's idempotent routes take a key; elsewhere it is ignored as any unknown header.
      const idempotencyKey = api.route!.idempotent ? header(event, IDEMPOTENCY_HEADER) : undefined;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) throw new InputError({ [IDEMPOTENCY_HEADER]: 'validation.invalidValue' });
      const result = await table[path]({
        path,
        input: parsed.data as never,
        language: api.language,
        requestId: api.requestId,
        log: api.log,
        caller: api.caller as Caller,
        sourceIp: api.sourceIp,
        userAgent: event.requestContext?.http?.userAgent ?? '',
        idempotencyKey,
      });
      const reply = result instanceof Reply ? result : new Reply(result);
      api.codeName = reply.options.codeName ?? 'ok';
      if (reply.options.redirect !== undefined) {
        // Browsers read a backslash as "/": "/\host" would leave the origin as "//host" does.
        if (!/^\/(?![/\\])/.test(reply.options.redirect)) throw new Error('A redirect must be a same-origin path');
        return { statusCode: 303, headers: { location: reply.options.redirect, 'cache-control': 'no-store' }, body: '' };
      }
      return envelopeResponse({
        codeName: reply.options.codeName ?? 'ok',
        language: api.language,
        data: reply.data,
        info: { request_id: api.requestId },
        token: reply.options.token ?? api.token,
      });
    });
  // The `api` request state is added by the first middleware; callers pass a plain Lambda context.
  return (event, context) => handler(event, context as ApiContext);
}
