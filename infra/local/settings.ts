import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Fixed names of the local resources: one stack per data directory, so they need not vary. */
export const localNames = {
  tableName: 'com-drive-local',
  auditTableName: 'com-drive-local-audit',
  bucketName: 'com-drive-local-files',
  /** Raw mail as the SMTP stand-in writes it (smtp-local.ts), as SES's S3 action writes into its own bucket in AWS. */
  intakeBucketName: 'com-drive-local-files-intake',
  /** The domain intake addresses are on locally (MAIL_INTAKE_DOMAIN overrides it): `.localhost` never leaves the machine. */
  mailIntakeDomain: 'intake.localhost',
  region: 'ap-northeast-1',
  mailFrom: 'no-reply@com-drive.example',
} as const;

export const defaultDataDir = '.local';

/** Where each stand-in keeps its state inside the data directory. */
export const dataLayout = (dataDir: string) => ({
  dynamodb: join(dataDir, 'dynamodb'),
  s3: join(dataDir, 's3'),
  tokenSecret: join(dataDir, 'token-secret'),
  /** DynamoDB Local's access key, which its data is kept under (token-secret.ts, dynamodb-local.ts). */
  dynamodbKey: join(dataDir, 'dynamodb-access-key'),
  /** The local S3 endpoint's random key pair (token-secret.ts, s3-front.ts). */
  s3Credentials: join(dataDir, 's3-credentials'),
  /** A directory only the owner may enter, holding s3rver's unix socket (s3-local.ts): s3rver has no TCP port. */
  s3Socket: join(dataDir, 's3-socket'),
  /** SAML SP private keys, one file per contract (functions/lib/saml/key-store.ts). */
  samlKeys: join(dataDir, 'saml-keys'),
  stackFile: join(dataDir, 'stack.json'),
  /** The SMTP stand-in's port, kept across restarts (ports.ts listenOnKeptPort). */
  smtpPort: join(dataDir, 'smtp-port'),
});

export const resolveDataDir = (dataDir?: string): string => resolve(dataDir || process.env.DATA_DIR || defaultDataDir);

/** What a running stack publishes in `<dataDir>/stack.json` so other processes (bin/tenant.ts) can find it. */
export interface StackFile {
  pid: number;
  url: string;
  dataDir: string;
  region: string;
  tableName: string;
  auditTableName: string;
  bucketName: string;
  intakeBucketName: string;
  endpoints: { dynamodb: string; s3: string; ses: string; mailViewer: string };
  /** Where mail comes in (smtp-local.ts), when the stack runs it. */
  mailIn?: { host: string; port: number; domain: string };
  startedAt: string;
}

export const writeStackFile = (dataDir: string, stack: StackFile): void =>
  writeFileSync(dataLayout(dataDir).stackFile, `${JSON.stringify(stack, null, 2)}\n`);

/** Only removes the file when it is still ours: a newer stack on the same directory may have replaced it. */
export const removeStackFile = (dataDir: string, pid = process.pid): void => {
  if (readStackFile(dataDir)?.pid === pid) rmSync(dataLayout(dataDir).stackFile, { force: true });
};

export function readStackFile(dataDir: string): StackFile | undefined {
  try {
    return JSON.parse(readFileSync(dataLayout(dataDir).stackFile, 'utf8')) as StackFile;
  } catch {
    return undefined;
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The stack running on this data directory, if its process is still alive (a crash leaves a stale file). */
export const findRunningStack = (dataDir: string): StackFile | undefined => {
  const stack = readStackFile(dataDir);
  return stack && isAlive(stack.pid) ? stack : undefined;
};
