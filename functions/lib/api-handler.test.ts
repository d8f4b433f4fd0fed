import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as authHandler } from '#functions/auth/handler.ts';
import { handler as ssoHandler } from '#functions/sso/handler.ts';
import { resetClients } from './clients.ts';
import { logLinesOf } from '#tests/support/log-lines.ts';

/** Faults the stand-ins cannot produce: the envelope must stay intact and leak nothing. */
const event = (path: string, body: unknown): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: `POST ${path}`,
  rawPath: path,
  rawQueryString: '',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: { requestId: 'req-fault-1', http: { method: 'POST', path, sourceIp: '127.0.0.1', userAgent: 'vitest', protocol: 'HTTP/1.1' } },
}) as unknown as APIGatewayProxyEventV2;

const context = { awsRequestId: 'aws-req-1' } as Context;

describe('error mapping under AWS faults', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 'fault-table', TOKEN_SECRET: 'x'.repeat(64), LOG_LEVEL: 'silent' });
    resetClients();
  });
  afterAll(() => {
    dynamo.restore();
  });

  it('answers -1 with HTTP 500, the request id and no internal detail when DynamoDB throttles', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('Rate of requests exceeds the allowed throughput'), { name: 'ProvisionedThroughputExceededException' }));
    const response = await authHandler(event('/api/login/login_btn', { kyk_id: 'demo', user_id: 'admin', password: 'secret' }), context);
    expect(response?.statusCode).toBe(500);
    const body = JSON.parse(response!.body as string);
    expect(body).toEqual({
      code: -1,
      msg_level: 'ERROR',
      message: 'An unexpected error occurred. Please try again later.',
      info: { request_id: 'req-fault-1' },
      data: null,
    });
    expect(response!.body).not.toMatch(/throughput|Provisioned/);
  });

  it('reads the SAML ACS form post and answers a 303 to the failure page, not an envelope, when DynamoDB fails', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('Rate of requests exceeds the allowed throughput'), { name: 'ProvisionedThroughputExceededException' }));
    const form = event('/api/sso/acs', {});
    form.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    form.body = new URLSearchParams({ SAMLResponse: 'PHhtbC8+', RelayState: 'demo' }).toString();
    const response = await ssoHandler(form, context);
    expect(response?.statusCode).toBe(303);
    expect(response?.headers?.location).toBe('/com_drive/sso-fail?reason=notice.ssoResponseInvalid');
    expect(response?.body).toBe('');
  });

  it('answers a route of another group with the -3 envelope', async () => {
    const response = await authHandler(event('/api/com_drive/drive_info', {}), context);
    expect(response?.statusCode).toBe(404);
    expect(JSON.parse(response!.body as string)).toMatchObject({ code: -3, msg_level: 'ERROR' });
  });
});

describe('logs and metrics of a request', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const saved = { level: process.env.LOG_LEVEL, metrics: process.env.POWERTOOLS_METRICS_DISABLED };
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 'fault-table', TOKEN_SECRET: 'x'.repeat(64), LOG_LEVEL: 'info', POWERTOOLS_METRICS_DISABLED: 'false' });
    resetClients();
  });
  afterAll(() => {
    dynamo.restore();
    for (const [name, value] of [['LOG_LEVEL', saved.level], ['POWERTOOLS_METRICS_DISABLED', saved.metrics]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('names the route, request id, contract and user on its lines, records an EMF line with the route as the only dimension, and carries nothing into the next call', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('Rate of requests exceeds the allowed throughput'), { name: 'ProvisionedThroughputExceededException' }));
    const first = await logLinesOf(() => authHandler(event('/api/login/login_btn', { kyk_id: 'acme', user_id: 'admin', password: 'correct horse battery' }), context));
    const second = await logLinesOf(() => authHandler(event('/api/com_drive/drive_info', {}), { awsRequestId: 'aws-req-2' } as Context));

    const logged = first.filter((line) => !('_aws' in line));
    expect(logged.map((line) => line.message)).toEqual(['unhandled error', 'request']);
    for (const line of logged) expect(line).toMatchObject({ request_id: 'req-fault-1', lambda_request_id: 'aws-req-1', route: 'login/login_btn', kyk: 'acme', user: 'admin' });
    expect(logged[1]).toMatchObject({ level: 'INFO', status: 500, code: -1, outcome: 'unknown' });
    expect(JSON.stringify(first)).not.toContain('correct horse battery');

    const emf = first.find((line) => '_aws' in line && (line.calls as number) === 1)!;
    expect(emf).toMatchObject({ route: 'login/login_btn', kyk: 'acme', request_id: 'req-fault-1', calls: 1, errors: 1, refusals: 0 });
    expect(emf._aws).toMatchObject({ CloudWatchMetrics: [{ Namespace: 'ComDrive', Dimensions: [['route']] }] });
    expect(emf.duration).toEqual(expect.any(Number));

    // The next invocation (a -3) has its own request id and none of the previous caller's keys.
    const request = second.find((line) => line.message === 'request')!;
    expect(request).toMatchObject({ request_id: 'req-fault-1', lambda_request_id: 'aws-req-2', code: -3, outcome: 'address' });
    for (const line of second) expect(line).not.toHaveProperty('kyk');
    for (const line of second) expect(line).not.toHaveProperty('user');
    expect(second.find((line) => '_aws' in line && line.route === '(unknown)')).toMatchObject({ calls: 1, errors: 0, refusals: 1 });
  });
});
