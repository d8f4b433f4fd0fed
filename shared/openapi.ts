import * as z from 'zod/mini';
import { codes } from './codes.ts';
import { API_PREFIX, IDEMPOTENCY_KEY_PATTERN } from './envelope.ts';
import { routes, routePaths } from './routes.ts';

/** docs/openapi.json, generated from the route manifest and its zod schemas (bin/openapi.ts). */
export function buildOpenApi(): Record<string, unknown> {
  const envelope = (data: Record<string, unknown>) => ({
    type: 'object',
    required: ['code', 'msg_level', 'message', 'info', 'data'],
    properties: {
      code: { type: 'integer', description: 'Result code (SPEC.md §8)' },
      msg_level: { type: 'string', enum: ['INFO', 'WARN', 'ERROR'] },
      message: { type: 'string', description: "Catalogue message in the caller's language" },
      info: {
        anyOf: [{ type: 'null' }, {
          type: 'object',
          properties: {
            fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field messages of an input error (-4)' },
            request_id: { type: 'string' },
          },
        }],
      },
      data: { anyOf: [data, { type: 'null' }] },
    },
  });
  const failure = (description: string) => ({ description, content: { 'application/json': { schema: envelope({}) } } });
  const paths: Record<string, unknown> = {};
  for (const path of routePaths) {
    const route = routes[path];
    paths[`${API_PREFIX}/${path}`] = {
      post: {
        operationId: path.replace(/\//g, '.'),
        tags: [route.group],
        summary: route.summary,
        security: route.access === 'public' ? [] : [{ token: [] }],
        'x-access': route.access,
        ...(route.idempotent ? {
          parameters: [{
            in: 'header', name: 'Idempotency-Key', required: false, schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
            description: 'One UUID per user action, kept across its retries: a repeat within 24 h answers the first answer and does nothing again; the same key with another request answers -4, a repeat while the first still runs -202.',
          }],
        } : {}),
        requestBody: { required: true, content: { [route.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: z.toJSONSchema(route.request, { io: 'input', unrepresentable: 'any' }) } } },
        responses: {
          200: {
            description: 'Success (code 0) or a business-rule result (see code and msg_level)',
            headers: route.access === 'public' && path !== 'login/login_btn' ? {} : { Authorization: { description: 'Bearer <refreshed token>', schema: { type: 'string' } } },
            content: { 'application/json': { schema: envelope(z.toJSONSchema(route.response, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>) } },
          },
          ...(route.body === 'form' ? { 303: { description: 'Redirect to the SPA page that continues (Location header)', headers: { Location: { schema: { type: 'string' } } } } } : {}),
          400: failure('Invalid input (code -4)'),
          401: failure('Token missing, tampered, expired or its session ended (code -102)'),
          403: failure('Permission (codes -2, -101)'),
          500: failure('Unknown error (code -1)'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Company drive and account administration API',
      version: '1',
      description: 'Every call is POST with JSON and answers the envelope {code, msg_level, message, info, data}. Result codes: ' +
        Object.entries(codes).map(([name, def]) => `${def.code} ${name}`).join(', '),
    },
    components: { securitySchemes: { token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
