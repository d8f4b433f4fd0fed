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
/** The local stack's pair when set; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID, as a stand-in like moto takes any). */
const localS3Credentials = () => {
  const [accessKeyId, secretAccessKey] = [config.s3AccessKeyId, config.s3SecretAccessKey];
  return accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {};
};
export const s3 = (): S3Client => {
  s3Client ??= new S3Client({
    // Checksums off unless required: streamed bodies would go aws-chunked (which the local S3 does not
    // decode), and presigned URLs would carry checksum parameters the browser cannot satisfy. Harmless against real S3.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.s3Endpoint
      ? { endpoint: config.s3Endpoint, forcePathStyle: true, region: process.env.AWS_REGION ?? 'ap-northeast-1', ...localS3Credentials() }
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
