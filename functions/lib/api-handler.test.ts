import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as authHandler } from '#functions/auth/handler.ts';
import { handler as ssoHandler } from '#functions/sso/handler.ts';
import { resetClients } from './clients.ts';

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
