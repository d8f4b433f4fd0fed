import { inject } from 'vitest';
import { resetClients } from '#lib/clients.ts';
import { functionEnv } from '#lib/table-design.ts';

// The functions' S3 code reads what it reads in AWS and locally: the endpoint, the bucket, the region
// and the credentials (moto takes any). The Object Lock mode is set per test (support/moto.ts).
const moto = inject('moto');
Object.assign(process.env, {
  [functionEnv.s3Endpoint]: moto.endpoint,
  [functionEnv.bucketName]: moto.bucket,
  AWS_REGION: moto.region,
  AWS_ACCESS_KEY_ID: moto.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: moto.credentials.secretAccessKey,
  LOG_LEVEL: 'silent',
});
resetClients();
