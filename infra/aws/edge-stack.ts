import { ArnFormat, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PREFIX } from '#shared/envelope.ts';
import { routes } from '#shared/routes.ts';
import type { EnvironmentConfig } from './environments.ts';

/** The region of every CLOUDFRONT-scope WAF resource. */
export const edgeRegion = 'us-east-1';

/** Where the web stack finds the web ACL's ARN (in us-east-1): see WebStack. */
export const webAclArnParameter = (config: EnvironmentConfig): string => `/com-drive/${config.name}/edge/web-acl-arn`;

/**
 * The calls anyone may make without a token, from the route manifest: the sign-in steps, the second
 * steps, SSO and the contract lookup. These are what a password-guessing or mail-bombing client
 * hammers, so the rate-based rule counts them per IP address.
 */
export const publicApiPaths = (): string[] =>
  Object.entries(routes)
    .filter(([, def]) => def.access === 'public')
    .map(([path]) => `${API_PREFIX}/${path}`)
    .sort();

/**
 * One regular expression for the public paths (WAF allows 512 characters), matched after URL
 * decoding, path normalisation and lower-casing, so `/api//login/%6Cogin_btn` or `/API/...` count too.
 * A prefix match: a trailing slash or suffix counts as well.
 */
export const publicPathsRegex = (): string => {
  const escape = (path: string) => path.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const regex = `^(${publicApiPaths().map(escape).join('|')})`;
  if (regex.length > 512) throw new Error(`The public paths' regex is ${regex.length} characters; WAF allows 512: use a regex pattern set`);
  return regex;
};

/**
 * AWS managed rule groups, in this order. The common rule set's SizeRestrictions_BODY only counts:
 * it blocks bodies over 8 KB, and the SAML ACS receives the IdP's form post (a base64 SAMLResponse,
 * often 10-20 KB with certificates), while every other call is JSON the zod schemas bound anyway.
 */
export const managedRuleGroups = [
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] },
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
] as const;

export interface EdgeStackProps extends StackProps {
  readonly config: EnvironmentConfig;
}

/**
 * The WAF web ACL in front of CloudFront. A CLOUDFRONT-scope ACL must live in us-east-1, while the
 * other stacks live in the deployment's region, so it has a stack of its own there. It publishes its
 * ARN in an SSM parameter (us-east-1), which the web stack reads at deploy time to attach the ACL.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const metric = (name: string) => `${config.stackPrefix}-${name}`.replace(/[^\w-]/g, '');
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: metric(name),
      sampledRequestsEnabled: true,
    });
    const transformations = ['URL_DECODE', 'NORMALIZE_PATH', 'LOWERCASE'].map((type, priority) => ({ priority, type }));

    const [reputation, ...others] = managedRuleGroups;
    const managedRule = (group: (typeof managedRuleGroups)[number], priority: number): CfnWebACL.RuleProperty => ({
      name: group.name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group.name,
          ...(group.countOnly.length ? { ruleActionOverrides: group.countOnly.map((name) => ({ name, actionToUse: { count: {} } })) } : {}),
        },
      },
      visibilityConfig: visibility(group.name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${config.stackPrefix}-edge`,
      description: `ComDrive ${config.name}: managed rules and a rate limit on the public API calls`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        // Known bad addresses first: they never count against anyone's rate.
        managedRule(reputation, 0),
        {
          name: 'PublicCallsRate',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: config.edge.publicCallsPerIp,
              evaluationWindowSec: config.edge.evaluationWindowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                regexMatchStatement: { regexString: publicPathsRegex(), fieldToMatch: { uriPath: {} }, textTransformations: transformations },
              },
            },
          },
          visibilityConfig: visibility('public-calls-rate'),
        },
        ...others.map((group, index) => managedRule(group, 2 + index)),
      ],
    });

    // Only what was blocked or counted, without the token (Authorization) of the caller.
    const logGroupName = `aws-waf-logs-${config.stackPrefix.toLowerCase()}`;
    const logs = new LogGroup(this, 'WebAclLogs', { logGroupName, retention: config.logRetention, removalPolicy: config.removalPolicy });
    const logging = new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the trailing ":*" of its Arn attribute.
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
    logging.node.addDependency(logs);

    new StringParameter(this, 'WebAclArn', {
      parameterName: webAclArnParameter(config),
      stringValue: this.webAcl.attrArn,
      description: `ComDrive ${config.name}: the CloudFront web ACL, attached by the web stack`,
    });
  }
}
