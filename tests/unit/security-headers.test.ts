import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, s3FileOrigins } from '#infra/aws/security-headers.ts';
import { resetClients } from '#lib/clients.ts';
import { functionEnv } from '#lib/table-design.ts';
import { objectKey, presignDownload, presignUpload } from '#lib/object-storage.ts';

/** Does a CSP source list (`connect-src ...`) allow this URL? Host sources with a leading `*.` wildcard, as browsers match them. */
const allows = (csp: string, directive: string, url: string): boolean => {
  const sources = csp.split('; ').find((part) => part.startsWith(`${directive} `))!.split(' ').slice(1);
  const { protocol, host } = new URL(url);
  return sources.some((source) => {
    const match = /^(https?:)\/\/(\*\.)?([^/]+)$/.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, rest] = match;
    return scheme === protocol && (wildcard ? host.endsWith(`.${rest}`) : host === rest);
  });
};

describe('the CSP allows what the functions hand the browser in AWS', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    // As in Lambda: no stand-in endpoint, the region and credentials from the runtime.
    for (const name of [functionEnv.s3Endpoint, functionEnv.dynamodbEndpoint, functionEnv.sesEndpoint]) delete process.env[name];
    Object.assign(process.env, {
      AWS_REGION: 'ap-northeast-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      [functionEnv.bucketName]: 'comdrive-customer-storage-filesbucket0a1b2c3d-1a2b3c4d5e6f',
    });
    resetClients();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetClients();
  });

  it('lets the browser PUT and GET the presigned URLs of the files bucket, and no other bucket region', async () => {
    const csp = contentSecurityPolicy({ fileOrigins: s3FileOrigins('ap-northeast-1'), inlineScriptHashes: [] });
    const key = objectKey('acme', '00000000-0000-4000-8000-000000000000', 1);
    const upload = await presignUpload(key, 10, 'text/plain');
    const download = await presignDownload(key, 'report.txt', 'text/plain');
    for (const url of [upload.url, download.url]) expect(allows(csp, 'connect-src', url), url).toBe(true);
    expect(allows(csp, 'connect-src', 'https://attacker-bucket.s3.us-west-2.amazonaws.com/x')).toBe(false);
    expect(allows(csp, 'connect-src', 'https://example.execute-api.ap-northeast-1.amazonaws.com/x')).toBe(false);
  });

  it('allows the inline scripts of a page by their hash, and never a script with src by hash', () => {
    const html = '<script>a()</script><script type="module" src="/assets/x.js"></script><SCRIPT nonce="n">b()</SCRIPT>';
    // sha256 of "a()" and "b()" in base64, as a browser computes them for script-src.
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='", "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='"]);
  });
});
