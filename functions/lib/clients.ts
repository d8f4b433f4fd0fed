import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { config } from './config.ts';

/**
 * One client of each AWS service per Lambda instance, created on first use so a group that never
 * touches S3 never pays for it. Locally the endpoints point at the stand-ins.
 */
const localCredentials = (id: string) => ({ accessKeyId: id, secretAccessKey: id });

let dynamo: DynamoDBDocumentClient | undefined;
export const db = (): DynamoDBDocumentClient => {
  dynamo ??= DynamoDBDocumentClient.from(
    new DynamoDBClient(
      config.dynamodbEndpoint
        ? { endpoint: config.dynamodbEndpoint, region: process.env.AWS_REGION ?? 'ap-northeast-1', credentials: localCredentials(config.dynamodbAccessKey) }
        : {},
    ),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return dynamo;
};

let s3Client: S3Client | undefined;
export const s3 = (): S3Client => {
  s3Client ??= new S3Client({
    // Checksums off unless required: s3rver corrupts streamed bodies otherwise, and presigned URLs
    // would carry checksum parameters the browser cannot satisfy. Harmless against real S3.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.s3Endpoint
      ? { endpoint: config.s3Endpoint, forcePathStyle: true, region: process.env.AWS_REGION ?? 'ap-northeast-1', credentials: localCredentials('S3RVER') }
      : {}),
  });
  return s3Client;
};

let sesClient: SESClient | undefined;
export const ses = (): SESClient => {
  sesClient ??= new SESClient(
    config.sesEndpoint
      ? { endpoint: config.sesEndpoint, region: process.env.AWS_REGION ?? 'ap-northeast-1', credentials: localCredentials('local') }
      : {},
  );
  return sesClient;
};

/** Lets tests and the local stack drop cached clients after changing endpoints. */
export const resetClients = (): void => {
  dynamo = undefined;
  s3Client = undefined;
  sesClient = undefined;
};
