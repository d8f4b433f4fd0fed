import { Validations, type Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Architecture } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { functionEnv } from '#lib/table-design.ts';
import { objectLockEnvironment, type ObjectLockSettings } from '#lib/object-lock.ts';
import { copyRuntimeFiles, functionEntry, lambdaArchitecture, lambdaBundling, lambdaRuntime, lockFile, projectRoot } from './bundling.ts';

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
  /** Files (paths from the repository root) copied beside the bundle, for code that loads them at run time. */
  readonly filesBesideBundle?: readonly string[];
  /** Paths from the repository root copied beside the bundle keeping their place (node_modules with native binaries). */
  readonly treesBesideBundle?: readonly string[];
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
  ...(settings.moduleUrls ? { [functionEnv.moduleUrls]: JSON.stringify(settings.moduleUrls) } : {}),
  // Stack traces point at the TypeScript source through the bundle's source map.
  NODE_OPTIONS: '--enable-source-maps',
});

/** One Lambda built from functions/<name>/handler.ts with the shared bundling and its own log group. */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
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
    this.fn = new NodejsFunction(this, 'Function', {
      entry: functionEntry(props.name),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: lockFile,
      runtime: lambdaRuntime,
      architecture: props.architecture ?? lambdaArchitecture,
      bundling: props.filesBesideBundle?.length || props.treesBesideBundle?.length
        ? {
          ...lambdaBundling,
          commandHooks: {
            beforeBundling: () => [],
            beforeInstall: () => [],
            afterBundling: (inputDir: string, outputDir: string) => [
              ...(props.filesBesideBundle ?? []).map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
              ...copyRuntimeFiles(props.treesBesideBundle ?? [], inputDir, outputDir),
            ],
          },
        }
        : lambdaBundling,
      description: props.description,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      role,
      environment: functionEnvironment(props.settings),
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned on purpose: bundles target node20, the Node the tests run on; ' +
        'move to the newest runtime together with the toolchain.',
    });
  }
}
