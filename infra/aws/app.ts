import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack.ts';
import { projectRoot } from './bundling.ts';
import { DataStack } from './data-stack.ts';
import { EdgeStack, edgeRegion, webAclArnParameter } from './edge-stack.ts';
import { contextKeys, defaultEnvName, envNames, isEnvName, loadEnvironment, type EnvName, type EnvironmentConfig } from './environments.ts';
import { MailStack } from './mail-stack.ts';
import { MonitoringStack } from './monitoring.ts';
import { StorageStack } from './storage-stack.ts';
import { WebStack } from './web-stack.ts';

export interface BuildAppOptions {
  /** Environment; default: the `env` context value (`-c env=...`, cdk.json), else dev. */
  readonly env?: EnvName;
  /** Cloud assembly directory; default: the CLI's (cdk.out). */
  readonly outdir?: string;
  /** Extra context, as `-c key=value` would give (tests use it for overrides). */
  readonly context?: Record<string, unknown>;
  /** Built SPA to upload; default web/dist. Skipped when the folder does not exist. */
  readonly webDist?: string;
}

export interface ComDriveApp {
  readonly app: App;
  readonly config: EnvironmentConfig;
  readonly stacks: {
    readonly data: DataStack;
    readonly mail: MailStack;
    readonly web: WebStack;
    readonly storage: StorageStack;
    readonly api: ApiStack;
    readonly monitoring: MonitoringStack;
    /** The WAF web ACL in us-east-1; absent when -c webAclArn=... names an ACL of the account's own. */
    readonly edge: EdgeStack | undefined;
  };
}

/**
 * cdk.json's context (feature flags and defaults). The CLI passes it to the app itself; reading it
 * here as well makes a test's in-process App synthesize exactly what `cdk synth` does.
 */
const cdkJsonContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> }).context ?? {};

/** The CDK app: one stack set per environment, cdk-nag AwsSolutions over all of it. */
export const buildApp = (options: BuildAppOptions = {}): ComDriveApp => {
  const app = new App({
    context: { ...cdkJsonContext(), ...options.context, ...(options.env ? { [contextKeys.env]: options.env } : {}) },
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });

  const envName: unknown = app.node.tryGetContext(contextKeys.env) ?? defaultEnvName;
  if (!isEnvName(envName)) {
    throw new Error(`Unknown environment "${String(envName)}"; use -c env=${envNames.join('|')}`);
  }
  const config = loadEnvironment(envName, (key) => app.node.tryGetContext(key));

  // Nothing account-specific in code: account and region come from the CLI's profile; offline
  // they are unset and the stacks are environment-agnostic.
  const env: Environment = {
    ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}),
    ...(process.env.CDK_DEFAULT_REGION ? { region: process.env.CDK_DEFAULT_REGION } : {}),
  };
  const common = { env, terminationProtection: config.deletionProtection };
  const name = (part: string) => `${config.stackPrefix}-${part}`;
  const stackProps = (part: string, description: string) => ({ ...common, stackName: name(part), description });

  const data = new DataStack(app, name('Data'), { ...stackProps('Data', 'ComDrive tables, token secret and key'), config });
  const mail = new MailStack(app, name('Mail'), { ...stackProps('Mail', 'ComDrive SES identity'), config });
  // A CLOUDFRONT-scope web ACL must be in us-east-1, whatever the deployment's region.
  const edge = config.webAclArn
    ? undefined
    : new EdgeStack(app, name('Edge'), {
        ...stackProps('Edge', 'ComDrive WAF web ACL in front of CloudFront (us-east-1)'),
        env: { ...env, region: edgeRegion },
        config,
      });
  const web = new WebStack(app, name('Web'), {
    ...stackProps('Web', 'ComDrive CloudFront, SPA bucket and HTTP API'),
    config,
    webDist: options.webDist ?? path.join(projectRoot, 'web', 'dist'),
    ...(edge ? { webAclArnParameter: webAclArnParameter(config) } : {}),
  });
  if (edge) web.addStackDependency(edge);
  const storage = new StorageStack(app, name('Storage'), {
    ...stackProps('Storage', 'ComDrive files bucket and the functions its events run'),
    config,
    data,
    webOrigins: web.webOrigins,
    appUrl: web.appUrl,
    mailIdentity: mail.identity,
  });
  const api = new ApiStack(app, name('Api'), {
    ...stackProps('Api', 'ComDrive API Lambdas and routes'),
    config,
    data,
    storage,
    mailIdentity: mail.identity,
    httpApi: web.httpApi,
    originVerifySecret: web.originVerifySecret,
  });

  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    ...stackProps('Monitoring', 'ComDrive alarms, alarm topic and dashboard'),
    config,
    httpApi: web.httpApi,
    apiFunctions: api.functions,
    backgroundFunctions: storage.functions,
    backgroundWatch: storage.watch,
    tables: { main: data.main, audit: data.audit },
  });

  for (const stack of [data, mail, web, storage, api, monitoring, ...(edge ? [edge] : [])]) {
    Tags.of(stack).add('app', 'com-drive');
    Tags.of(stack).add('env', config.name);
  }

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, config, stacks: { data, mail, web, storage, api, monitoring, edge } };
};
