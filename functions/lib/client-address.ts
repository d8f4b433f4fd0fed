import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originHeaders } from './table-design.ts';
import { config } from './config.ts';
import { DomainError } from './errors.ts';

/**
 * The address a request comes from, for the IP allow-list, trusted devices and the audit log.
 *
 * In AWS every request reaches API Gateway through CloudFront, so API Gateway's sourceIp is an edge
 * address. CloudFront adds two headers a client cannot set: the origin secret (a custom origin
 * header) and the viewer's address (written by a viewer-request function over any client value).
 * The viewer address counts only with the right secret; a request without it came straight to
 * execute-api and is refused. Locally, and wherever no secret is configured, the address is the
 * one API Gateway (the local adapter: the socket) saw. Forwarded headers such as X-Forwarded-For
 * are never read.
 */
let secret: Promise<string | undefined> | undefined;
const originSecret = (): Promise<string | undefined> =>
  (secret ??= (async () => {
    if (config.originVerifySecret) return config.originVerifySecret;
    if (!config.originVerifySecretArn) return undefined;
    const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: config.originVerifySecretArn }));
    if (!SecretString) throw new Error('The origin secret is empty');
    return SecretString;
  })());

/** For tests, which set the secret after import. */
export const resetOriginSecret = (): void => {
  secret = undefined;
};

const sameSecret = (given: string | undefined, expected: string): boolean => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** IPv4 or IPv6 text, as CloudFront writes event.viewer.ip. */
const IP_TEXT = /^(\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f:.]{2,45})$/;

export async function clientAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): Promise<string> {
  const sourceIp = event.requestContext?.http?.sourceIp ?? '';
  const expected = await originSecret();
  if (expected === undefined) return sourceIp;
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  if (!sameSecret(headers[originHeaders.verify], expected)) throw new DomainError('permission');
  const viewer = headers[originHeaders.viewerAddress]?.trim() ?? '';
  if (!IP_TEXT.test(viewer)) throw new DomainError('permission');
  return viewer;
}
