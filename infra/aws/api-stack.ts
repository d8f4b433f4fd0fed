import { Aws, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { API_PREFIX } from '#shared/envelope.ts';
import { endpointGroups, routesOfGroup, type EndpointGroup } from '#shared/routes.ts';
import { AppFunction } from './app-function.ts';
import type { DataStack } from './data-stack.ts';
import type { EnvironmentConfig } from './environments.ts';
import { acknowledge } from './nag.ts';
import { grantIndexQuery, grantKeyUse, grantTableQuery, grantSecretRead, grantTableAppend, grantTableReadWrite } from './permissions.ts';
import type { StorageStack } from './storage-stack.ts';

export interface ApiStackProps extends StackProps {
  readonly config: EnvironmentConfig;
  readonly data: DataStack;
  readonly storage: StorageStack;
  readonly mailIdentity: IEmailIdentity;
  /** The HTTP API of the web stack; this stack adds the Lambdas and routes. */
  readonly httpApi: IHttpApi;
  /** The header value CloudFront sends to the API (web stack). */
  readonly originVerifySecret: ISecret;
}

/** What a group may touch beyond the tables and the token secret every group gets. */
interface GroupAccess {
  /** Sign presigned PUT/GET URLs for tenant objects. */
  readonly presignFiles?: boolean;
  /** Send mail from the SES identity. */
  readonly sendMail?: boolean;
  /** Write CSV exports under exports/ and sign their downloads. */
  readonly exportFiles?: boolean;
  /** Sign downloads of the drive's ZIP files under exports/. */
  readonly zipDownloads?: boolean;
  /** SAML SP private keys (SSM SecureStrings under samlKeyParameterPrefix): the security Lambda puts, the auth Lambda reads. */
  readonly samlKeys?: 'put' | 'get';
  /** Query the audit table's item index (a user's sign-in history). */
  readonly readAuditByItem?: boolean;
  /** Lock and lengthen the lock of legal-style documents' bytes (S3 Object Lock, functions/lib/object-lock.ts). */
  readonly lockObjects?: boolean;
  /** Start drive jobs (their marker objects); the jobs themselves run in drive-jobs. */
  readonly startDriveJobs?: boolean;
  /** Read the audit log (key-condition queries on the audit table and both its indexes) instead of appending to it. */
  readonly readAuditLog?: boolean;
}
const groupAccess: Partial<Record<EndpointGroup, GroupAccess>> = {
  // Mail codes of the second step, lock notices.
  auth: { sendMail: true },
  // The SAML ACS decrypts assertions and sso_start signs AuthnRequests with the SP key.
  sso: { samlKeys: 'get' },
  // Also signs the GET of a finished ZIP (exports/), never writes there.
  // Locks a legal-style document's bytes when its style or retention end changes (extendLock).
  drive: { presignFiles: true, zipDownloads: true, lockObjects: true },
  // The public download page's grants: a presigned GET of the shared file.
  shares: { presignFiles: true },
  // Presigned PUT of import files and GET of their sources (t/), exports and templates (exports/).
  imports: { presignFiles: true, exportFiles: true },
  // Suspension notices to the responsible person and mailed temporary passwords.
  users: { sendMail: true, readAuditByItem: true },
  // sso_info_spkey_btn stores a newly generated SP key (never reads one back); a new fiscal year or
  // retention period starts the job that lengthens bookkeeping retentions.
  security: { samlKeys: 'put', startDriveJobs: true },
  // The audit log viewer: reads the audit table only (it changes nothing, so it writes no records).
  audit: { readAuditLog: true },
};

/** SSM parameter name prefix of the SAML SP private keys, one SecureString per contract. */
export const samlKeyParameterPrefix = (envName: string): string => `/com-drive/${envName}/saml-sp-key/`;

/** The group whose Lambda answers any other path under /api with the 404 envelope (-3). */
export const fallbackGroup: EndpointGroup = 'auth';

/** `POST /api/<path>`, the route key of a manifest entry. */
export const routeKeyOf = (path: string): string => `POST ${API_PREFIX}/${path}`;

/**
 * One Lambda per endpoint group and one route per manifest entry, both generated from
 * shared/routes.ts so a route is never declared twice.
 */
export class ApiStack extends Stack {
  readonly functions: Record<EndpointGroup, IFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, data, storage } = props;

    const functions = {} as Record<EndpointGroup, IFunction>;
    for (const group of endpointGroups) {
      const access = groupAccess[group] ?? {};
      const appFunction = new AppFunction(this, `${pascal(group)}Api`, {
        name: group,
        description: `ComDrive ${config.name}: ${group} endpoints`,
        settings: {
          tableName: data.main.table.tableName,
          auditTableName: data.audit.table.tableName,
          bucketName: storage.filesBucket.bucketName,
          mailFrom: config.mail.from,
          sessionIdleMinutes: config.sessionIdleMinutes,
          auditRetentionDays: config.auditRetentionDays,
          tokenSecretArn: data.tokenSecret.secretArn,
          originVerifySecretArn: props.originVerifySecret.secretArn,
          ...(access.samlKeys ? { samlKeyParameterPrefix: samlKeyParameterPrefix(config.name) } : {}),
          ...(access.lockObjects ? { objectLock: config.objectLock } : {}),
          ...(group === 'auth' && config.moduleUrls ? { moduleUrls: config.moduleUrls } : {}),
          ...(group === 'drive' ? { driveJobs: config.driveJobs } : {}),
          // The intake addresses' routes answer with the receiving domain (none: no mail is received here).
          ...(group === 'drive' && config.mailIntakeDomain ? { mailIntakeDomain: config.mailIntakeDomain } : {}),
        },
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
        memorySize: config.apiMemoryMb,
        // API Gateway gives up after 30 s; fail inside that with our own envelope and log line.
        timeout: Duration.seconds(25),
      });
      const fn = appFunction.fn;

      grantTableReadWrite(fn, data.main);
      if (access.readAuditLog) grantTableQuery(fn, data.audit);
      else grantTableAppend(fn, data.audit);
      if (access.readAuditByItem) grantIndexQuery(fn, data.audit, 'gsi2');
      grantSecretRead(fn, data.tokenSecret);
      grantSecretRead(fn, props.originVerifySecret);
      grantKeyUse(fn, data.key);
      if (access.presignFiles) appFunction.role.addManagedPolicy(storage.presignFilesPolicy);
      if (access.exportFiles) appFunction.role.addManagedPolicy(storage.exportFilesPolicy);
      if (access.zipDownloads) appFunction.role.addManagedPolicy(storage.zipDownloadPolicy);
      if (access.lockObjects) appFunction.role.addManagedPolicy(storage.objectRetentionPolicy);
      if (access.startDriveJobs) appFunction.role.addManagedPolicy(storage.driveJobMarkersPolicy);
      if (access.sendMail) props.mailIdentity.grant(fn, 'ses:SendEmail');
      if (access.samlKeys) {
        // aws/ssm (the AWS managed key) encrypts the SecureStrings: its key policy admits SSM calls of this account.
        const parameters = `arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter${samlKeyParameterPrefix(config.name)}*`;
        fn.addToRolePolicy(new PolicyStatement({ actions: [access.samlKeys === 'put' ? 'ssm:PutParameter' : 'ssm:GetParameter'], resources: [parameters] }));
        acknowledge(
          appFunction.role,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter${samlKeyParameterPrefix(config.name)}*]`,
          'One SAML SP key parameter per contract, created when a contract generates its key: the names are ' +
            'not known at deploy time. Scoped to this environment\'s key prefix and to one action (put for security, get for auth).',
        );
      }
      functions[group] = fn;

      const integration = new HttpLambdaIntegration(`${pascal(group)}Integration`, fn);
      for (const path of routesOfGroup(group)) {
        this.route(`Route${pascal(path)}`, props.httpApi, HttpRouteKey.with(`${API_PREFIX}/${path}`, HttpMethod.POST), integration);
      }
      if (group === fallbackGroup) {
        // Any other method or path under /api reaches the kit, which answers the 404 envelope
        // instead of API Gateway's bare {"message":"Not Found"}. More specific routes win.
        this.route('RouteFallback', props.httpApi, HttpRouteKey.with(`${API_PREFIX}/{proxy+}`, HttpMethod.ANY), integration);
      }
    }
    this.functions = functions;
  }

  private route(id: string, httpApi: IHttpApi, routeKey: HttpRouteKey, integration: HttpLambdaIntegration): void {
    const route = new HttpRoute(this, id, { httpApi, routeKey, integration });
    Validations.of(route).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization is the handler kit\'s token check: a token is only valid while its DynamoDB ' +
        'session lives (logout, forced login, idle timeout), which an API Gateway JWT authorizer ' +
        'cannot see; public routes (sign-in) need none.',
    });
  }
}

const pascal = (name: string): string =>
  name.replace(/(^|[-_/])(\w)/g, (_match: string, _sep: string, char: string) => char.toUpperCase());
