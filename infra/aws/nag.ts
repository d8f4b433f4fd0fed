import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 acknowledgements. Each is placed on the narrowest construct that produces the finding
 * and names the finding itself (`Rule[finding]`), never a whole rule on a whole stack.
 */
export const acknowledge = (scope: IConstruct, id: string, reason: string): void => {
  Validations.of(scope).acknowledge({ id, reason });
};

/**
 * The IAM5 finding of a statement on `<bucket>/<prefix>*`, as cdk-nag renders it. Logical IDs do
 * not include the stack name, so the finding is the same in every environment.
 */
export const objectPrefixFinding = (bucket: IBucket, prefix: string): string => objectPatternFinding(bucket, `${prefix}*`);

/** The same finding for any object pattern with a wildcard (e.g. `t/*.thumb.webp`). */
export const objectPatternFinding = (bucket: IBucket, pattern: string): string => {
  const cfn = bucket.node.defaultChild as CfnBucket;
  return `AwsSolutions-IAM5[Resource::<${Stack.of(bucket).getLogicalId(cfn)}.Arn>/${pattern}]`;
};

const basicExecutionRole =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

const stackChild = (stack: Stack, idPrefix: string): IConstruct | undefined =>
  stack.node.children.find((child) => child.node.id.startsWith(idPrefix));

/** The singleton Lambda the CDK uses to put a bucket's notification configuration. */
export const acknowledgeBucketNotificationsHandler = (stack: Stack): void => {
  const handler = stackChild(stack, 'BucketNotificationsHandler');
  if (!handler) return;
  acknowledge(
    handler,
    basicExecutionRole,
    'CDK-owned singleton that only writes the bucket notification configuration at deploy time; ' +
      'its role and basic logging policy are fixed by aws-cdk-lib (s3.addEventNotification).',
  );
};

/** The singleton Lambda behind AwsCustomResource (the web stack's read of the web ACL ARN in us-east-1). */
export const acknowledgeAwsCustomResource = (stack: Stack): void => {
  const handler = stackChild(stack, 'AWS679f53fac002430cb0da5b7982bd2287');
  if (!handler) throw new Error('AwsCustomResource handler not found: its construct id changed in aws-cdk-lib');
  const why = 'CDK-owned AwsCustomResource handler, run at deploy time only to read the web ACL ARN parameter in us-east-1';
  acknowledge(handler, basicExecutionRole, `${why}; its role and logging policy are fixed by aws-cdk-lib.`);
};

/**
 * A CloudFormation value flattened the way cdk-nag names IAM5 findings (its flattenCfnReference):
 * `<Logical.Attr>` for GetAtt, `<Ref>` for Ref, `${X}` of Sub as `<X>`, Join concatenated.
 */
const flatten = (value: unknown): string => {
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node['Fn::Join']) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (node['Fn::GetAtt']) {
      const [resource, attribute] = node['Fn::GetAtt'] as [string, string];
      return `<${resource}.${attribute}>`;
    }
    if (node['Fn::Sub']) return flatten(node['Fn::Sub']);
    if (node['Fn::ImportValue']) return flatten(node['Fn::ImportValue']);
    if (node.Ref) return `<${flatten(node.Ref)}>`;
  }
  return JSON.stringify(value);
};

interface ExpectedWildcards {
  /** Wildcard actions the CDK construct is known to use. */
  readonly actions: readonly string[];
  /** Wildcard resources it is known to use, matched on the flattened finding. */
  readonly resources: readonly RegExp[];
}

/**
 * Acknowledges the IAM5 findings of a CDK-owned policy one by one. The findings are read from the
 * policy itself, because some name the account and region (the CDK assets bucket) and differ
 * between an offline synth and a deploy, but only the expected ones are accepted: a wildcard the
 * CDK adds in a later version fails synth here and has to be reviewed.
 */
const acknowledgeCdkWildcards = (policy: CfnPolicy, expected: ExpectedWildcards, reason: string): void => {
  const document = Stack.of(policy).resolve(policy.policyDocument) as {
    Statement: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  const findings = new Set<string>();
  for (const statement of document.Statement) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action].flat()) if (action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of [statement.Resource].flat()) {
      const flat = flatten(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  for (const finding of findings) {
    const known = finding.startsWith('Action::')
      ? expected.actions.includes(finding.slice('Action::'.length))
      : expected.resources.some((pattern) => pattern.test(finding.slice('Resource::'.length)));
    if (!known) throw new Error(`Unreviewed wildcard ${finding} in ${policy.node.path}`);
    acknowledge(policy, `AwsSolutions-IAM5[${finding}]`, reason);
  }
};

/** The singleton Lambda behind BucketDeployment (only when there is an SPA build to upload). */
export const acknowledgeBucketDeployment = (stack: Stack, spaBucket: IBucket): void => {
  const handler = stackChild(stack, 'Custom::CDKBucketDeployment');
  if (!handler) return;
  const why = 'CDK-owned BucketDeployment handler, run at deploy time only to copy the SPA build into its bucket';
  acknowledge(handler, basicExecutionRole, `${why}; its role and logging policy are fixed by aws-cdk-lib.`);
  acknowledge(handler, 'AwsSolutions-L1', `${why}; aws-cdk-lib pins its Python runtime.`);
  const policy = handler.node.findAll().find((c): c is CfnPolicy => c instanceof CfnPolicy);
  if (!policy) throw new Error('BucketDeployment handler without a policy');
  const spaObjects = Stack.of(spaBucket).getLogicalId(spaBucket.node.defaultChild as CfnBucket);
  acknowledgeCdkWildcards(
    policy,
    {
      actions: ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'],
      resources: [
        // The CDK assets bucket holding the zipped build (named after account and region).
        /^arn:(aws|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
        // The SPA bucket's objects, replaced wholesale on each deploy (prune).
        new RegExp(`^<${spaObjects}\\.Arn>/\\*$`),
        // cloudfront:CreateInvalidation has no resource-level scoping in this construct.
        /^\*$/,
      ],
    },
    `${why}: it reads the uploaded build from the CDK assets bucket, replaces the SPA bucket's ` +
      'objects and invalidates the distribution; the actions and resources are set by aws-cdk-lib.',
  );
};
