import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { TableRef } from './data-stack.ts';

/**
 * Least-privilege grants written out action by action. The CDK's `grantReadWriteData` would also
 * allow Scan (no request path may scan) and `index/*`; here every index is named.
 */
const tableResources = ({ table, indexNames }: TableRef): string[] => [
  table.tableArn,
  ...indexNames.map((name) => `${table.tableArn}/index/${name}`),
];

const addStatement = (grantee: IGrantable, statement: PolicyStatement): void => {
  grantee.grantPrincipal.addToPrincipalPolicy(statement);
};

/** Item reads and writes, queries and transactions; no Scan, no table management. */
export const grantTableReadWrite = (grantee: IGrantable, ref: TableRef): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
      ],
      resources: tableResources(ref),
    }),
  );

/** Audit records are appended, never read back or changed by the API functions. */
export const grantTableAppend = (grantee: IGrantable, ref: TableRef): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['dynamodb:PutItem', 'dynamodb:BatchWriteItem'],
      resources: [ref.table.tableArn],
    }),
  );

/** Key-condition queries on a table and every index of it; nothing else (no item reads, no Scan, no writes). */
export const grantTableQuery = (grantee: IGrantable, ref: TableRef): void =>
  addStatement(grantee, new PolicyStatement({ actions: ['dynamodb:Query'], resources: tableResources(ref) }));

/** Key-condition queries on one index of a table (nothing else of it). */
export const grantIndexQuery = (grantee: IGrantable, ref: TableRef, index: string): void =>
  addStatement(
    grantee,
    new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${ref.table.tableArn}/index/${index}`] }),
  );

/**
 * Reading the token signing secret. Not `secret.grantRead`: with a customer-managed key that edits
 * the key policy in the data stack to name the reader, a data -> api reference that closes a cycle;
 * the key is granted on the principal side instead (grantKeyUse).
 */
export const grantSecretRead = (grantee: IGrantable, secret: ISecret): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
      resources: [secret.secretArn],
    }),
  );

/** Use of the customer-managed key, when the environment has one (tables, secret, file bytes). */
export const grantKeyUse = (grantee: IGrantable, key: IKey | undefined): void => {
  if (!key) return;
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'],
      resources: [key.keyArn],
    }),
  );
};

/** Prefix under which every tenant's file bytes live (`t/<contract>/...`). */
export const tenantObjectPrefix = 't/';

/**
 * The signer of a presigned URL needs the permission the URL exercises: PUT (single and multipart
 * parts, plus abort) and GET of tenant objects only.
 */
export const presignFilesStatement = (bucket: IBucket): PolicyStatement =>
  new PolicyStatement({
    actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'],
    resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`)],
  });

/** What was uploaded, read by storage-events (size, checks, version capture) and drive jobs (copies, ZIPs, hashes). */
export const grantReadFiles = (grantee: IGrantable, bucket: IBucket, versioned: boolean): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: versioned ? ['s3:GetObject', 's3:GetObjectVersion'] : ['s3:GetObject'],
      resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`)],
    }),
  );

/**
 * Exports and templates: the imports Lambda writes the CSV under `exports/` and signs its GET
 * (the signer needs the permission the URL exercises).
 */
export const exportFilesStatement = (bucket: IBucket, exportPrefix: string): PolicyStatement =>
  new PolicyStatement({
    actions: ['s3:PutObject', 's3:GetObject'],
    resources: [bucket.arnForObjects(`${exportPrefix}*`)],
  });

/** The sweep of abandoned uploads aborts their multipart uploads and deletes bytes nobody confirmed (tenant objects only). */
export const grantDiscardUploads = (grantee: IGrantable, bucket: IBucket): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['s3:AbortMultipartUpload', 's3:DeleteObject'],
      resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`)],
    }),
  );

/** What the import-jobs function may touch, as patterns under the imports' prefix (t/<contract>/imports/). */
export const importJobObjects = (importObjects: string) => ({
  sources: `${importObjects}*/source.csv`,
  resumeMarkers: `${importObjects}*/resume`,
  all: `${importObjects}*`,
});

/**
 * The import-jobs function reads a job's file, writes its resume marker and removes a deleted job's
 * files (its source and markers): never another object, and it cannot overwrite a file it reads.
 */
export const grantImportFiles = (grantee: IGrantable, bucket: IBucket, importObjects: string): void => {
  const objects = importJobObjects(importObjects);
  addStatement(grantee, new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(objects.sources)] }));
  addStatement(grantee, new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(objects.resumeMarkers)] }));
  addStatement(grantee, new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects(objects.all)] }));
};

/**
 * Drive jobs (drive-jobs): server-side copies of tenant objects and the jobs' marker
 * objects under t/, and the ZIPs under exports/ (a multipart upload is s3:PutObject too).
 */
export const grantDriveJobWrites = (grantee: IGrantable, bucket: IBucket, exportPrefix: string): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['s3:PutObject'],
      resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`), bucket.arnForObjects(`${exportPrefix}*`)],
    }),
  );

/** The drive signs the GET of a finished ZIP (the signer needs the permission the URL exercises). */
export const zipDownloadStatement = (bucket: IBucket, exportPrefix: string): PolicyStatement =>
  new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${exportPrefix}*`)] });

/** Preview renditions, beside the bytes they show (functions/lib/object-storage.ts `renditionKey`). */
export const renditionObjects = [`${tenantObjectPrefix}*.thumb.webp`, `${tenantObjectPrefix}*.page.webp`] as const;

/** The previews function writes renditions only: no other object under t/ can be written with its role. */
export const grantWriteRenditions = (grantee: IGrantable, bucket: IBucket): void =>
  addStatement(
    grantee,
    new PolicyStatement({
      actions: ['s3:PutObject'],
      resources: renditionObjects.map((pattern) => bucket.arnForObjects(pattern)),
    }),
  );

/**
 * Object Lock of legal-style documents (functions/lib/object-lock.ts): put and read the retention of
 * tenant objects. Never s3:BypassGovernanceRetention: no function of the app may shorten or remove
 * a lock, in any mode (docs/architecture.md "Retention lock (Object Lock)").
 */
export const objectRetentionStatement = (bucket: IBucket): PolicyStatement =>
  new PolicyStatement({
    actions: ['s3:PutObjectRetention', 's3:GetObjectRetention'],
    resources: [bucket.arnForObjects(`${tenantObjectPrefix}*`)],
  });

export const grantObjectRetention = (grantee: IGrantable, bucket: IBucket): void => addStatement(grantee, objectRetentionStatement(bucket));
