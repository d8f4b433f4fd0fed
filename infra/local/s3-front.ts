import { createHash, createHmac, randomBytes, timingSafeEqual, type BinaryLike, type Hash, type Hmac } from 'node:crypto';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * The local stack's S3 endpoint: every request is checked as S3 checks it (SigV4 in the header or
 * the query, computed by the AWS SDK's own signer; expiry, clock skew, access key, every signed
 * header, the payload hash; no anonymous access; `If-None-Match: *`; CORS) before the backend
 * (s3rver, or moto) sees it. The backends check none of it, so this front is their only door.
 */

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** A part of an unfinished multipart upload, as ListParts answers it. */
export interface StoredPart {
  partNumber: number;
  eTag: string;
  size: number;
  lastModified: Date;
}

/** Where a backend without ListParts and AbortMultipartUpload (s3rver) keeps the parts. */
export interface MultipartStore {
  /** The parts of the key's upload by part number; undefined when the key has no such upload. */
  listParts(bucket: string, key: string, uploadId: string): Promise<StoredPart[] | undefined>;
  /** Removes the upload and its parts; false when the key has no such upload. */
  abort(bucket: string, key: string, uploadId: string): Promise<boolean>;
}

/** Where checked requests go. */
export interface S3Backend {
  /** A unix socket (s3rver) or a loopback TCP port (moto). */
  readonly connection: { socketPath: string } | { host: string; port: number };
  /**
   * Forward without the request's signature. s3rver checks an access key of its own (its fixed
   * S3RVER pair) when a request carries one; moto ignores signatures, so it gets the headers as sent.
   */
  readonly stripAuth: boolean;
  /** Set when the backend answers ListParts and AbortMultipartUpload with 405: the front answers them. */
  readonly multipart?: MultipartStore;
  close(): Promise<void>;
}

/** A TCP backend on loopback that implements the S3 API itself (moto_server). */
export const tcpBackend = (host: string, port: number, close: () => Promise<void> = async () => undefined): S3Backend => ({
  connection: { host, port },
  stripAuth: false,
  close,
});

export type ObjectCreatedName = 'ObjectCreated:Put' | 'ObjectCreated:CompleteMultipartUpload' | 'ObjectCreated:Copy';

/** An accepted write: what an S3 event record is made of. */
export interface ObjectWrite {
  eventName: ObjectCreatedName;
  eventTime: string;
  bucket: string;
  /** The key as stored (not URL-encoded). */
  key: string;
  size: number;
  /** Without quotes, as S3 events carry it. */
  eTag: string;
  /** When the backend keeps versions (moto), the one this write made. */
  versionId?: string;
  sequencer: string;
  sourceIp: string;
  requestId: string;
}

/** The bucket's CORS rule, as S3 evaluates it (the files bucket's, functions/lib/table-design.ts). */
export interface CorsRule {
  origins: readonly string[];
  methods: readonly string[];
  /** '*' allows every requested header. */
  allowedHeaders: readonly string[];
  exposedHeaders: readonly string[];
  maxAgeSeconds: number;
}

export interface S3FrontOptions {
  backend: S3Backend;
  credentials: S3Credentials;
  region: string;
  cors: CorsRule;
  /** Default 0: any free port, on 127.0.0.1. */
  port?: number;
  /** Each write the backend accepted (PutObject, CompleteMultipartUpload, CopyObject answered 200). */
  onWrite?: (write: ObjectWrite) => void;
  log?: (line: string) => void;
}

export interface S3Front {
  endpoint: string;
  close(): Promise<void>;
}

/** S3's own limits: header-signed requests within 15 minutes of the server's clock; URLs valid a week at most. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const SHA256_HEADER = 'x-amz-content-sha256';
/** The query parameters of a presigned URL that make up its signature (dropped before s3rver). */
const AUTH_QUERY = new Set(['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-expires', 'x-amz-signedheaders', 'x-amz-signature', 'x-amz-security-token']);
/**
 * A signed GET's response-* overrides. s3rver refuses them on requests without its own signature
 * ("cannot be used for anonymous GET requests"), so for it the front applies them, as S3 does.
 */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};
/** Hop-by-hop headers, never passed on. `expect`: the front has already answered 100-continue. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect']);
/** S3's minimum part size, except for the last part. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** The CompleteMultipartUpload body is a list of at most 10,000 parts: held to check it. */
const MAX_COMPLETE_BODY_BYTES = 2 * 1024 * 1024;

/** An S3 error answer. */
class S3Failure extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: Record<string, string> = {}) {
    super(message);
  }
}

const accessDenied = (message = 'Access Denied', details?: Record<string, string>) => new S3Failure(403, 'AccessDenied', message, details);
const signatureMismatch = (accessKeyId: string) =>
  new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', { AWSAccessKeyId: accessKeyId });
const noSuchUpload = (uploadId: string) =>
  new S3Failure(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
const invalidPart = () =>
  new S3Failure(400, 'InvalidPart', "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.");

const xmlEscape = (text: string): string => text.replace(/[<>&"']/g, (c) => `&${({ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' } as Record<string, string>)[c]};`);
const xmlUnescape = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()]!;
    return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });
const xmlElements = (fields: Record<string, string>): string => Object.entries(fields).map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`).join('');
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The SDK signer's hash, over node:crypto (what @smithy/hash-node does for the SDK itself). */
export class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBinary(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBinary(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}
const toBinary = (data: string | ArrayBuffer | ArrayBufferView): BinaryLike =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

type SignableRequest = Parameters<SignatureV4['presign']>[0];
type Query = Record<string, string | string[]>;

/** The request's target as sent: the raw path (what was signed), its query, and the bucket and key it names. */
interface Target {
  rawPath: string;
  rawQuery: string;
  query: Query;
  bucket?: string;
  key?: string;
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Failure(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
};

function parseTarget(url: string): Target {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  const rawQuery = at < 0 ? '' : url.slice(at + 1);
  const query: Query = {};
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  // Path-style only (the stack's clients use forcePathStyle): /<bucket>/<key>.
  const [, bucket, ...key] = rawPath.split('/');
  return { rawPath, rawQuery, query, ...(bucket ? { bucket: decode(bucket) } : {}), ...(key.length && key.join('/') ? { key: decode(key.join('/')) } : {}) };
}

const queryValue = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A header as the signer canonicalises it: repeated values joined by commas. */
const headerValue = (request: IncomingMessage, name: string): string | undefined => request.headersDistinct[name]?.join(',');

interface Signature {
  kind: 'header' | 'query';
  accessKeyId: string;
  region: string;
  date: Date;
  signedHeaders: string[];
  signature: string;
  /** Presigned URLs: seconds from `date`. */
  expires?: number;
}

const parseAmzDate = (text: string | undefined): Date | undefined => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
};

/** `<key>/<yyyymmdd>/<region>/s3/aws4_request` */
const parseCredential = (credential: string | undefined): { accessKeyId: string; region: string } | undefined => {
  const parts = (credential ?? '').split('/');
  if (parts.length !== 5 || parts[3] !== 's3' || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1]!)) return undefined;
  return { accessKeyId: parts[0]!, region: parts[2]! };
};

/** The request's SigV4 signature, from the Authorization header or the query; undefined when it carries none. */
function readSignature(request: IncomingMessage, target: Target, region: string): Signature | undefined {
  const authorization = request.headers.authorization;
  const inQuery = queryValue(target.query, 'X-Amz-Algorithm') !== undefined;
  if ((authorization !== undefined && inQuery) || (target.query.Signature !== undefined && (authorization !== undefined || inQuery))) {
    throw new S3Failure(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified');
  }
  if (authorization?.startsWith('AWS ') || target.query.Signature !== undefined || (inQuery && queryValue(target.query, 'X-Amz-Algorithm') !== ALGORITHM)) {
    throw new S3Failure(400, 'InvalidRequest', 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
  }
  const wrongRegion = (other: string, prefix: string) => `${prefix}the region '${other}' is wrong; expecting '${region}'`;

  if (authorization !== undefined) {
    const malformed = (why: string) => new S3Failure(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; ${why}`);
    if (!authorization.startsWith(`${ALGORITHM} `)) throw new S3Failure(400, 'InvalidRequest', 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
    const fields = Object.fromEntries(
      authorization.slice(ALGORITHM.length).split(',').map((field) => field.trim()).filter(Boolean)
        .map((field) => [field.slice(0, Math.max(0, field.indexOf('='))), field.slice(field.indexOf('=') + 1)]),
    ) as Record<string, string | undefined>;
    const credential = parseCredential(fields.Credential);
    if (!credential) throw malformed('the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
    if (credential.region !== region) throw new S3Failure(400, 'AuthorizationHeaderMalformed', wrongRegion(credential.region, 'The authorization header is malformed; '), { Region: region });
    if (!fields.SignedHeaders || !fields.Signature) throw malformed('a non-empty SignedHeaders and Signature are required.');
    const date = parseAmzDate(headerValue(request, 'x-amz-date')) ?? (request.headers.date ? new Date(request.headers.date) : undefined);
    if (!date || Number.isNaN(date.getTime())) throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
    return { kind: 'header', ...credential, date, signedHeaders: fields.SignedHeaders.split(';'), signature: fields.Signature };
  }

  if (!inQuery) return undefined;
  const parameters = ['X-Amz-Credential', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-SignedHeaders', 'X-Amz-Expires'].map((name) => queryValue(target.query, name));
  const [credentialText, signature, dateText, signedHeaders, expiresText] = parameters;
  const queryError = (message: string, details?: Record<string, string>) => new S3Failure(400, 'AuthorizationQueryParametersError', message, details);
  if (parameters.some((value) => !value)) {
    throw queryError('Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  }
  const credential = parseCredential(credentialText);
  if (!credential) throw queryError('Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  if (credential.region !== region) throw queryError(wrongRegion(credential.region, 'Error parsing the X-Amz-Credential parameter; '), { Region: region });
  const date = parseAmzDate(dateText);
  if (!date) throw queryError("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  if (!/^\d+$/.test(expiresText!)) throw queryError('X-Amz-Expires should be a number');
  const expires = Number(expiresText);
  if (expires > MAX_EXPIRES_SECONDS) throw queryError('X-Amz-Expires must be less than a week (in seconds) that is; 604800');
  return { kind: 'query', ...credential, date, signedHeaders: signedHeaders!.split(';'), signature: signature!, expires };
}

/** The signature S3 expects, computed by the SDK's own signer over the request as it arrived. */
async function expectedSignature(signer: SignatureV4, request: IncomingMessage, target: Target, signature: Signature): Promise<string> {
  // Only the headers the client signed: one that is missing or changed changes the signature.
  const headers: Record<string, string> = {};
  for (const name of signature.signedHeaders) {
    const value = headerValue(request, name);
    if (value !== undefined) headers[name] = value;
  }
  const base = { method: request.method ?? 'GET', protocol: 'http:', hostname: '127.0.0.1', path: target.rawPath, headers };
  const signableHeaders = new Set(signature.signedHeaders);
  if (signature.kind === 'header') {
    const signed = await signer.sign({ ...base, query: target.query } satisfies SignableRequest, { signingDate: signature.date, signableHeaders });
    return /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1] ?? '';
  }
  const query = { ...target.query };
  delete query['X-Amz-Signature'];
  // A presigned request's payload is UNSIGNED-PAYLOAD: handed to the signer as a header it neither signs nor moves to the query.
  const presigned = await signer.presign(
    { ...base, headers: { ...headers, ...(signableHeaders.has(SHA256_HEADER) ? {} : { [SHA256_HEADER]: UNSIGNED_PAYLOAD }) }, query } satisfies SignableRequest,
    {
      signingDate: signature.date,
      expiresIn: signature.expires!,
      signableHeaders,
      unsignableHeaders: signableHeaders.has(SHA256_HEADER) ? new Set() : new Set([SHA256_HEADER]),
      unhoistableHeaders: new Set([...Object.keys(headers), SHA256_HEADER]),
    },
  );
  const signed = presigned.query?.['X-Amz-Signature'];
  return typeof signed === 'string' ? signed : '';
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** What S3 would refuse about the request's authentication; returns the payload it signed (header-signed requests) with the signature. */
async function authenticate(signer: SignatureV4, credentials: S3Credentials, region: string, request: IncomingMessage, target: Target): Promise<{ payload: string; signature: Signature } | undefined> {
  const signature = readSignature(request, target, region);
  if (!signature) throw accessDenied();
  if (signature.accessKeyId !== credentials.accessKeyId) {
    throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: signature.accessKeyId });
  }
  const now = Date.now();
  if (signature.kind === 'query') {
    const expiresAt = signature.date.getTime() + signature.expires! * 1000;
    if (now > expiresAt) throw accessDenied('Request has expired', { 'X-Amz-Expires': String(signature.expires), Expires: new Date(expiresAt).toISOString(), ServerTime: new Date(now).toISOString() });
    // A URL dated ahead of the clock would outlive its expiry by that much.
    if (signature.date.getTime() - now > MAX_SKEW_MS) throw accessDenied('Request is not valid yet');
  } else if (Math.abs(now - signature.date.getTime()) > MAX_SKEW_MS) {
    throw new S3Failure(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
      RequestTime: signature.date.toISOString(), ServerTime: new Date(now).toISOString(), MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
    });
  }
  // x-amz-* headers are always signed: one that is not could change the request behind the signature.
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-') && !signature.signedHeaders.includes(name));
  if (unsigned.length) throw accessDenied('There were headers present in the request which were not signed', { HeadersNotSigned: unsigned.join(', ') });
  if (!signature.signedHeaders.includes('host')) throw signatureMismatch(signature.accessKeyId);
  if (!sameText(await expectedSignature(signer, request, target, signature), signature.signature)) throw signatureMismatch(signature.accessKeyId);
  if (signature.kind === 'query') return undefined;
  const payload = headerValue(request, SHA256_HEADER);
  if (payload === undefined) throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payload !== UNSIGNED_PAYLOAD && !CHUNKED_PAYLOADS.has(payload) && !/^[0-9a-f]{64}$/.test(payload)) {
    throw new S3Failure(400, 'InvalidArgument', 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER or a valid sha256 value.', { ArgumentName: SHA256_HEADER, ArgumentValue: payload });
  }
  return { payload, signature };
}

/** The aws-chunked payloads (what the SDK sends for a streamed body with a checksum); the ECDSA (SigV4a) ones are not SigV4. */
const SIGNED_CHUNKS = new Set(['STREAMING-AWS4-HMAC-SHA256-PAYLOAD', 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER']);
const CHUNKED_PAYLOADS = new Set([...SIGNED_CHUNKS, 'STREAMING-UNSIGNED-PAYLOAD-TRAILER']);
const CHUNK_FRAMING_HEADERS = new Set(['x-amz-decoded-content-length', 'x-amz-trailer']);
const EMPTY_SHA256 = createHash('sha256').digest('hex');

/** The trailing checksums S3 computes itself, base64 as sent. */
const trailerChecksums: Record<string, { name: string; of: (data: Buffer) => string }> = {
  'x-amz-checksum-crc32': { name: 'CRC32', of: (data) => { const value = Buffer.alloc(4); value.writeUInt32BE(crc32(data)); return value.toString('base64'); } },
  'x-amz-checksum-sha1': { name: 'SHA1', of: (data) => createHash('sha1').update(data).digest('base64') },
  'x-amz-checksum-sha256': { name: 'SHA256', of: (data) => createHash('sha256').update(data).digest('base64') },
};

/**
 * An aws-chunked body (`<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n` ... `0...\r\n[trailers]\r\n`)
 * decoded and checked as S3 checks it: each chunk's signature chained from the request's, the
 * trailer's signature, the decoded length against x-amz-decoded-content-length, and the trailing
 * checksum against the bytes. Answers the bytes and the checksum header to store with them.
 */
async function decodeChunked(signer: SignatureV4, request: IncomingMessage, raw: Buffer, payload: string, seed: Signature): Promise<{ body: Buffer; checksum?: [string, string] }> {
  const incomplete = () => new S3Failure(400, 'IncompleteBody', 'The request body terminated unexpectedly');
  const mismatch = () => signatureMismatch(seed.accessKeyId);
  const signed = SIGNED_CHUNKS.has(payload);
  const amzDate = seed.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const scope = `${amzDate.slice(0, 8)}/${seed.region}/s3/aws4_request`;
  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
  let previous = seed.signature;
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw incomplete();
    const [sizeText = '', ...extensions] = raw.subarray(offset, lineEnd).toString('latin1').split(';');
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText)) throw incomplete();
    const size = Number.parseInt(sizeText, 16);
    const data = raw.subarray(lineEnd + 2, lineEnd + 2 + size);
    if (data.length !== size) throw incomplete();
    if (signed) {
      const given = extensions.find((extension) => extension.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? '';
      const expected = await signer.sign(['AWS4-HMAC-SHA256-PAYLOAD', amzDate, scope, previous, EMPTY_SHA256, sha256(data)].join('\n'), { signingDate: seed.date });
      if (!sameText(expected, given)) throw mismatch();
      previous = given;
    }
    offset = lineEnd + 2 + size;
    if (size === 0) break;
    if (raw.subarray(offset, offset + 2).toString('latin1') !== '\r\n') throw incomplete();
    offset += 2;
    chunks.push(data);
  }
  const body = Buffer.concat(chunks);
  const declared = headerValue(request, 'x-amz-decoded-content-length');
  if (declared === undefined || Number(declared) !== body.length) throw incomplete();

  // Trailers: `name:value\r\n` lines, then an empty line.
  const trailerText = raw.subarray(offset).toString('latin1');
  if (!trailerText.endsWith('\r\n')) throw incomplete();
  const trailers = new Map(trailerText.split('\r\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const));
  const announced = headerValue(request, 'x-amz-trailer')?.toLowerCase();
  if (!payload.endsWith('-TRAILER')) {
    if (announced || trailers.size > 0) throw new S3Failure(400, 'InvalidRequest', 'The request has trailers its x-amz-content-sha256 does not announce');
    return { body };
  }
  if (!announced) throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-trailer');
  const algorithm = trailerChecksums[announced];
  if (!algorithm) throw new S3Failure(400, 'InvalidRequest', `The value specified in the x-amz-trailer header is not supported: ${announced}`);
  const value = trailers.get(announced);
  if (value === undefined) throw incomplete();
  if (signed) {
    const given = trailers.get('x-amz-trailer-signature') ?? '';
    const expected = await signer.sign(['AWS4-HMAC-SHA256-TRAILER', amzDate, scope, previous, sha256(`${announced}:${value}\n`)].join('\n'), { signingDate: seed.date });
    if (!sameText(expected, given)) throw mismatch();
  }
  if (algorithm.of(body) !== value) throw new S3Failure(400, 'BadDigest', `The ${algorithm.name} you specified did not match the calculated checksum.`);
  return { body, checksum: [announced, value] };
}

/** PutObject includes CopyObject (a PUT with x-amz-copy-source). */
type Operation = 'putObject' | 'completeUpload' | 'uploadPart' | 'listParts' | 'abortUpload' | 'other';

/** The operation a request is, as far as the front needs to know. */
function operationOf(method: string, target: Target): Operation {
  if (!target.bucket || target.key === undefined) return 'other';
  // Query parameters that name an operation (x-id is the SDK's label, x-amz-* the signature's).
  const subresources = Object.keys(target.query).filter((name) => name !== 'x-id' && !name.toLowerCase().startsWith('x-amz-'));
  const uploadId = target.query.uploadId !== undefined;
  if (method === 'PUT' && subresources.length === 0) return 'putObject';
  if (method === 'PUT' && uploadId && target.query.partNumber !== undefined) return 'uploadPart';
  if (method === 'POST' && uploadId) return 'completeUpload';
  if (method === 'GET' && uploadId) return 'listParts';
  if (method === 'DELETE' && uploadId) return 'abortUpload';
  return 'other';
}

/** A whole body in memory (not with for-await: leaving that loop early destroys the socket the answer goes out on). */
const readBody = (stream: IncomingMessage, limit = Infinity): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      chunks.push(chunk);
      if (length > limit) {
        stream.off('data', onData).off('end', onEnd);
        reject(new S3Failure(400, 'MaxMessageLengthExceeded', 'Your request was too big.'));
      }
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    stream.on('data', onData).once('end', onEnd).once('error', reject);
  });

/** The parts a CompleteMultipartUpload names, in the order given. */
const completedParts = (xml: string): { partNumber: number; eTag: string }[] =>
  [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
    partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(match[1]!)?.[1] ?? NaN),
    eTag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(match[1]!)?.[1] ?? '').replace(/"/g, '').trim(),
  }));

/** One lock per bucket/key: a conditional write's check and its write happen with no other write to the key between. */
class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>();
  async acquire(name: string): Promise<() => void> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.tails.set(name, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    };
  }
}

const newRequestId = (): string => randomBytes(8).toString('hex').toUpperCase();
const unquote = (eTag: string | undefined): string => (eTag ?? '').replace(/"/g, '');

export async function startS3Front(options: S3FrontOptions): Promise<S3Front> {
  const { backend, credentials, region, cors } = options;
  const log = options.log ?? (() => undefined);
  const signer = new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  // A connection per request: a kept-alive socket the backend closes as it is reused fails the
  // request with EPIPE or ECONNRESET (seen under load), and a streamed body cannot be sent again.
  // The cost is one connect over the unix socket or loopback per request.
  const agent = new Agent({ keepAlive: false });
  const locks = new KeyLocks();
  let sequence = 0n;

  /** A request to the backend; resolves with its response (headers received). */
  const send = (method: string, path: string, headers: OutgoingHttpHeaders, body?: Buffer | Readable): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest({ ...backend.connection, agent, method, path, headers });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      if (body instanceof Readable) pipeline(body, outgoing).catch((error: Error) => outgoing.destroy(error));
      else outgoing.end(body);
    });

  /** The path and headers the backend gets for a checked request. */
  const forwarded = (request: IncomingMessage, target: Target, body?: Buffer, decoded?: Record<string, string>): { path: string; headers: OutgoingHttpHeaders } => {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (HOP_HEADERS.has(name) || value === undefined) continue;
      // A decoded aws-chunked body goes on as plain bytes: its framing headers stay here.
      if (decoded && (CHUNK_FRAMING_HEADERS.has(name) || (name === 'content-encoding' && value === 'aws-chunked'))) continue;
      if (backend.stripAuth && (name === 'authorization' || name === 'origin' || name.startsWith('access-control-'))) continue;
      headers[name] = value;
    }
    Object.assign(headers, decoded);
    if (body) {
      headers['content-length'] = String(body.length);
    } else if (request.headers['transfer-encoding'] && request.headers['content-length'] === undefined) {
      headers['transfer-encoding'] = 'chunked';
    }
    const dropped = (name: string) => AUTH_QUERY.has(name) || RESPONSE_OVERRIDES[name] !== undefined;
    const query = backend.stripAuth
      ? target.rawQuery.split('&').filter((pair) => pair && !dropped(decode(pair.split('=')[0]!).toLowerCase())).join('&')
      : target.rawQuery;
    return { path: query ? `${target.rawPath}?${query}` : target.rawPath, headers };
  };

  /** The backend's HEAD of the key (a version of it): 200 or 404; anything else is a failure of the backend. */
  const head = async (request: IncomingMessage, target: Target, versionId?: string): Promise<IncomingMessage | undefined> => {
    const path = versionId ? `${target.rawPath}?versionId=${encodeURIComponent(versionId)}` : target.rawPath;
    const host = request.headers.host ?? '127.0.0.1';
    // Signed with the stack's key where the backend gets signatures: moto, like S3, answers an
    // anonymous HEAD of a private object 403 (it checks no signature, only that there is one).
    const headers = backend.stripAuth
      ? { host }
      : (await signer.sign({ method: 'HEAD', protocol: 'http:', hostname: host.split(':')[0]!, port: Number(host.split(':')[1]) || undefined, path: target.rawPath, query: versionId ? { versionId } : {}, headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } } satisfies SignableRequest)).headers;
    const response = await send('HEAD', path, headers);
    response.resume();
    if (response.statusCode === 404) return undefined;
    if (response.statusCode !== 200) throw new Error(`HEAD ${target.rawPath} answered ${response.statusCode}`);
    return response;
  };

  /** The CORS rule's headers for an actual request from `origin` with `method`, when the rule allows it. */
  const corsHeaders = (origin: string | undefined, method: string): Record<string, string> => {
    if (!origin || !cors.origins.includes(origin) || !cors.methods.includes(method)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': cors.methods.join(', '),
      ...(cors.exposedHeaders.length ? { 'access-control-expose-headers': cors.exposedHeaders.join(', ') } : {}),
      'access-control-max-age': String(cors.maxAgeSeconds),
      'access-control-allow-credentials': 'true',
      vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    };
  };

  const answerXml = (response: ServerResponse, method: string, status: number, headers: Record<string, string>, xml: string) => {
    const body = Buffer.from(XML_DECLARATION + xml);
    response.writeHead(status, { ...headers, 'content-type': 'application/xml', 'content-length': String(body.length) });
    response.end(method === 'HEAD' ? undefined : body);
  };

  /** An unsigned preflight, answered from the bucket's CORS rule as S3 does. */
  const preflight = (request: IncomingMessage): Record<string, string> => {
    const origin = request.headers.origin;
    const method = request.headers['access-control-request-method'];
    if (!origin) throw new S3Failure(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
    if (!method) throw new S3Failure(400, 'BadRequest', 'Invalid Access-Control-Request-Method: null');
    const asked = (request.headers['access-control-request-headers'] ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
    const headerAllowed = (name: string) => cors.allowedHeaders.some((allowed) => allowed === '*' || allowed.toLowerCase() === name);
    if (!cors.origins.includes(origin) || !cors.methods.includes(method) || !asked.every(headerAllowed)) {
      throw new S3Failure(403, 'CORSResponse', "This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.");
    }
    return { ...corsHeaders(origin, method), ...(asked.length ? { 'access-control-allow-headers': asked.join(', ') } : {}) };
  };

  const listParts = async (target: Target, store: MultipartStore): Promise<string> => {
    const uploadId = queryValue(target.query, 'uploadId')!;
    const parts = await store.listParts(target.bucket!, target.key!, uploadId);
    if (!parts) throw noSuchUpload(uploadId);
    const maxParts = Math.min(1000, Number(queryValue(target.query, 'max-parts') ?? 1000) || 1000);
    const marker = Number(queryValue(target.query, 'part-number-marker') ?? 0) || 0;
    const after = parts.filter((part) => part.partNumber > marker);
    const page = after.slice(0, maxParts);
    const owner = `<ID>${createHash('sha256').update(credentials.accessKeyId).digest('hex')}</ID><DisplayName>local</DisplayName>`;
    return `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${xmlElements({ Bucket: target.bucket!, Key: target.key!, UploadId: uploadId })}` +
      `<Initiator>${owner}</Initiator><Owner>${owner}</Owner><StorageClass>STANDARD</StorageClass>` +
      xmlElements({ PartNumberMarker: String(marker), NextPartNumberMarker: String(page.at(-1)?.partNumber ?? marker), MaxParts: String(maxParts), IsTruncated: String(after.length > page.length) }) +
      page.map((part) => `<Part>${xmlElements({ PartNumber: String(part.partNumber), LastModified: part.lastModified.toISOString(), ETag: `"${part.eTag}"`, Size: String(part.size) })}</Part>`).join('') +
      '</ListPartsResult>';
  };

  /** What S3 checks of a CompleteMultipartUpload against the stored parts (s3rver checks none of it). */
  const checkCompletion = async (target: Target, store: MultipartStore, body: Buffer): Promise<void> => {
    const uploadId = queryValue(target.query, 'uploadId')!;
    const stored = await store.listParts(target.bucket!, target.key!, uploadId);
    if (!stored) throw noSuchUpload(uploadId);
    const named = completedParts(body.toString('utf8'));
    if (!named.length) throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
    const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
    for (const [index, part] of named.entries()) {
      if (index > 0 && part.partNumber <= named[index - 1]!.partNumber) throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
      const found = byNumber.get(part.partNumber);
      if (!found || found.eTag !== part.eTag) throw invalidPart();
      if (index < named.length - 1 && found.size < MIN_PART_BYTES) throw new S3Failure(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
    }
  };

  /** The response-* overrides the front applies itself (see RESPONSE_OVERRIDES). */
  const overridesOf = (method: string, target: Target): Record<string, string> => {
    if (!backend.stripAuth || (method !== 'GET' && method !== 'HEAD')) return {};
    const overrides: Record<string, string> = {};
    for (const [parameter, header] of Object.entries(RESPONSE_OVERRIDES)) {
      const value = queryValue(target.query, parameter);
      if (value !== undefined) overrides[header] = value;
    }
    return overrides;
  };

  /** Passes the backend's answer on (its CORS headers replaced by the front's; a success with the overrides asked for). */
  const relay = async (response: ServerResponse, answer: IncomingMessage, cors: Record<string, string>, body?: Buffer, overrides: Record<string, string> = {}) => {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_HEADERS.has(name) || name.startsWith('access-control-') || name === 'vary') continue;
      headers[name] = value;
    }
    if ((answer.statusCode ?? 500) < 300) Object.assign(headers, overrides);
    response.writeHead(answer.statusCode ?? 502, { ...headers, ...cors });
    if (body) response.end(body);
    // A client that goes away mid-download (a cancelled preview) is not the front's failure.
    else await pipeline(answer, response).catch(() => response.destroy());
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> => {
    const method = request.method ?? 'GET';
    const own = { 'x-amz-request-id': requestId, 'x-amz-id-2': randomBytes(24).toString('base64') };
    const cors = corsHeaders(request.headers.origin, method);
    try {
      const target = parseTarget(request.url ?? '/');
      if (method === 'OPTIONS') {
        response.writeHead(200, { ...own, ...preflight(request), 'content-length': '0' });
        response.end();
        return;
      }
      const signed = await authenticate(signer, credentials, region, request, target);
      const payloadHash = signed?.payload;
      const operation = operationOf(method, target);
      const isCopy = operation === 'putObject' && request.headers['x-amz-copy-source'] !== undefined;
      const store = backend.multipart;

      // A real payload hash: the body came from memory (the SDK hashed it), so it is held and checked first.
      let body: Buffer | undefined;
      // An aws-chunked body is held too: decoded and checked (chunk signatures, trailing checksum), the backend gets the bytes.
      let decodedHeaders: Record<string, string> | undefined;
      if (signed && CHUNKED_PAYLOADS.has(signed.payload)) {
        const decoded = await decodeChunked(signer, request, await readBody(request), signed.payload, signed.signature);
        body = decoded.body;
        decodedHeaders = { [SHA256_HEADER]: UNSIGNED_PAYLOAD, ...(decoded.checksum ? Object.fromEntries([decoded.checksum]) : {}) };
      } else if (payloadHash && payloadHash !== UNSIGNED_PAYLOAD) {
        body = await readBody(request);
        const computed = createHash('sha256').update(body).digest('hex');
        if (computed !== payloadHash) {
          throw new S3Failure(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", { ClientComputedContentSHA256: payloadHash, S3ComputedContentSHA256: computed });
        }
      } else if (operation === 'completeUpload' && store) {
        body = await readBody(request, MAX_COMPLETE_BODY_BYTES);
      }

      if (store && (operation === 'listParts' || operation === 'abortUpload')) {
        if (operation === 'listParts') {
          answerXml(response, method, 200, { ...own, ...cors }, await listParts(target, store));
        } else {
          const uploadId = queryValue(target.query, 'uploadId')!;
          if (!(await store.abort(target.bucket!, target.key!, uploadId))) throw noSuchUpload(uploadId);
          response.writeHead(204, { ...own, ...cors });
          response.end();
        }
        return;
      }
      // s3rver would store a part of an unknown (or aborted) upload, creating it again.
      if (store && operation === 'uploadPart') {
        const uploadId = queryValue(target.query, 'uploadId')!;
        if (!(await store.listParts(target.bucket!, target.key!, uploadId))) throw noSuchUpload(uploadId);
      }

      const { path, headers } = forwarded(request, target, body, decodedHeaders);
      if (operation !== 'putObject' && operation !== 'completeUpload') {
        await relay(response, await send(method, path, headers, body ?? request), cors, undefined, overridesOf(method, target));
        return;
      }

      // A write: no other write to the key between the If-None-Match check and this one.
      const release = await locks.acquire(`${target.bucket}/${target.key}`);
      try {
        if (store && operation === 'completeUpload') await checkCompletion(target, store, body!);
        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch === '*' && (await head(request, target))) {
          throw new S3Failure(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-None-Match' });
        }
        const answer = await send(method, path, headers, body ?? request);
        // CompleteMultipartUpload and CopyObject may answer 200 with an error in the body.
        const answerBody = operation === 'completeUpload' || isCopy ? await readBody(answer) : undefined;
        if (answer.statusCode === 200 && !answerBody?.includes('<Error>')) {
          const versionId = typeof answer.headers['x-amz-version-id'] === 'string' ? answer.headers['x-amz-version-id'] : undefined;
          const stored = await head(request, target, versionId);
          if (stored) {
            options.onWrite?.({
              eventName: operation === 'completeUpload' ? 'ObjectCreated:CompleteMultipartUpload' : isCopy ? 'ObjectCreated:Copy' : 'ObjectCreated:Put',
              eventTime: new Date().toISOString(),
              bucket: target.bucket!,
              key: target.key!,
              size: Number(stored.headers['content-length'] ?? 0),
              eTag: unquote(stored.headers.etag),
              ...(versionId ? { versionId } : {}),
              sequencer: (++sequence).toString(16).toUpperCase().padStart(16, '0'),
              sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
              requestId,
            });
          }
        }
        await relay(response, answer, cors, answerBody);
      } finally {
        release();
      }
    } catch (error) {
      if (!(error instanceof S3Failure)) throw error;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      // What is left of a refused body is read and dropped, so the client gets the answer, not a reset.
      if (!request.complete) request.resume();
      answerXml(response, method, error.status, { ...own, ...cors },
        `<Error>${xmlElements({ Code: error.code, Message: error.message, ...error.details, RequestId: requestId, HostId: own['x-amz-id-2'] })}</Error>`);
    }
  };

  const server: Server = createServer({ requestTimeout: 0 }, (request, response) => {
    const requestId = newRequestId();
    handle(request, response, requestId).catch((error: unknown) => {
      log(`S3 front: ${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const body = `${XML_DECLARATION}<Error>${xmlElements({ Code: 'InternalError', Message: 'We encountered an internal error. Please try again.', RequestId: requestId })}</Error>`;
      response.writeHead(500, { 'content-type': 'application/xml', 'x-amz-request-id': requestId, connection: 'close' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      agent.destroy();
      await backend.close();
    },
  };
}
