import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AssetHashType, DockerImage, Validations, type Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Code, Function as LambdaFunction, type Architecture } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { functionEnv } from '#lib/table-design.ts';
import { objectLockEnvironment, type ObjectLockSettings } from '#lib/object-lock.ts';
import { lambdaArchitecture, lambdaRuntime, projectRoot } from './bundling.ts';

/** The values behind the environment variables of functionEnv (infra/table-design.ts). */
export interface FunctionSettings {
  readonly tableName: string;
  readonly auditTableName: string;
  readonly bucketName: string;
  readonly mailFrom: string;
  readonly sessionIdleMinutes: number;
  /** Days an audit record is kept (the environment's auditRetentionDays). */
  readonly auditRetentionDays: number;
  /** Only for functions that verify or issue tokens. */
  readonly tokenSecretArn?: string;
  /** Only for API functions behind CloudFront (functions/lib/client-address.ts). */
  readonly originVerifySecretArn?: string;
  /** Only for functions that store or read SAML SP private keys (SSM parameter name prefix). */
  readonly samlKeyParameterPrefix?: string;
  /** Only for functions that lock legal-style documents' bytes (functions/lib/object-lock.ts). */
  readonly objectLock?: ObjectLockSettings;
  /** Sibling modules' sign-in addresses (link_to_atp), by module. */
  readonly moduleUrls?: Readonly<Record<string, string>>;
  /** Only for functions that mail links into the product (the address the web stack serves it at). */
  readonly appUrl?: string;
  /** Only for the intake function: the bucket SES writes raw mail into. */
  readonly intakeBucketName?: string;
  /** Only where the environment receives mail (its mailIntakeDomain): the intake function and the drive's address routes. */
  readonly mailIntakeDomain?: string;
  /** Only for functions that start drive jobs: the caps on running ones. */
  readonly driveJobs?: { readonly perUser: number; readonly perContract: number };
}

export interface AppFunctionProps {
  /** Folder under functions/ holding handler.ts. */
  readonly name: string;
  readonly description: string;
  readonly settings: FunctionSettings;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Another architecture than lambdaArchitecture (native binaries built for it). */
  readonly architecture?: Architecture;
}

/** Environment variables named exactly as functions/lib/config.ts reads them. */
export const functionEnvironment = (settings: FunctionSettings): Record<string, string> => ({
  [functionEnv.tableName]: settings.tableName,
  [functionEnv.auditTableName]: settings.auditTableName,
  [functionEnv.bucketName]: settings.bucketName,
  [functionEnv.mailFrom]: settings.mailFrom,
  [functionEnv.sessionIdleMinutes]: String(settings.sessionIdleMinutes),
  [functionEnv.auditRetentionDays]: String(settings.auditRetentionDays),
  ...(settings.tokenSecretArn ? { [functionEnv.tokenSecretArn]: settings.tokenSecretArn } : {}),
  ...(settings.originVerifySecretArn ? { [functionEnv.originVerifySecretArn]: settings.originVerifySecretArn } : {}),
  ...(settings.samlKeyParameterPrefix ? { [functionEnv.samlKeyParameterPrefix]: settings.samlKeyParameterPrefix } : {}),
  ...(settings.objectLock ? objectLockEnvironment(settings.objectLock) : {}),
  ...(settings.appUrl ? { [functionEnv.appUrl]: settings.appUrl } : {}),
  ...(settings.moduleUrls ? { [functionEnv.moduleUrls]: JSON.stringify(settings.moduleUrls) } : {}),
  ...(settings.intakeBucketName ? { [functionEnv.intakeBucketName]: settings.intakeBucketName } : {}),
  ...(settings.mailIntakeDomain ? { [functionEnv.mailIntakeDomain]: settings.mailIntakeDomain } : {}),
  ...(settings.driveJobs ? { [functionEnv.driveJobsPerUser]: String(settings.driveJobs.perUser), [functionEnv.driveJobsPerContract]: String(settings.driveJobs.perContract) } : {}),
  // Stack traces point at the TypeScript source through the bundle's source map.
  NODE_OPTIONS: '--enable-source-maps',
});

/** The CloudWatch namespace of the functions' EMF metrics (docs/operations.md "Logs and metrics"). */
export const METRICS_NAMESPACE = 'ComDrive';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/**
 * Every function's bundle, built once per synthesis by bin/bundle-functions.ts (the bundles the bench
 * measures: infra/aws/function-bundle.ts) into a folder of this process, on the first function CDK
 * bundles: one process and one pass over the shared modules instead of one per function.
 */
let bundlesDir: string | undefined;
const builtBundles = (): string => {
  if (bundlesDir) return bundlesDir;
  const dir = mkdtempSync(path.join(tmpdir(), 'com-drive-functions-'));
  const built = spawnSync(process.execPath, [tsxCli, path.join(projectRoot, 'bin/bundle-functions.ts'), dir], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`bundling the functions failed (exit ${built.status ?? built.signal})`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (bundlesDir = dir);
};

/** functions/<name>/handler.ts as shipped: its bundle and what it loads at run time beside it. The asset's hash is its output's. */
const functionCode = (name: string): Code => Code.fromAsset(projectRoot, {
  assetHashType: AssetHashType.OUTPUT,
  bundling: {
    // Never run: the local bundling below always succeeds or throws. The command also keys CDK's
    // bundling cache, which would otherwise hand every function the first one's bundle.
    image: DockerImage.fromRegistry('local-bundling-only'),
    command: ['bundle-function', name],
    local: {
      tryBundle(outputDir) {
        cpSync(path.join(builtBundles(), name), outputDir, { recursive: true });
        return true;
      },
    },
  },
});

/** One Lambda built from functions/<name>/handler.ts with the shared bundling and its own log group. */
export class AppFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    // An own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.role = role;
    this.fn = new LambdaFunction(this, 'Function', {
      code: functionCode(props.name),
      handler: 'index.handler',
      runtime: lambdaRuntime,
      architecture: props.architecture ?? lambdaArchitecture,
      description: props.description,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      role,
      environment: {
        ...functionEnvironment(props.settings),
        // Powertools (functions/lib/logger.ts, metrics.ts): each line names its function, and the
        // metrics of every function share one namespace, the route or job kind their one dimension.
        POWERTOOLS_SERVICE_NAME: props.name,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned on purpose: bundles target node20, the Node the tests run on; ' +
        'move to the newest runtime together with the toolchain.',
    });
  }
}
