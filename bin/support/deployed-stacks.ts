import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { functionEnv } from '#lib/table-design.ts';

/** Reads one output of one of the environment's stacks (`ComDrive-<env>-<part>`). */
export type StackOutput = (part: 'Data' | 'Storage' | 'Api', key: string) => Promise<string>;

/**
 * The operator CLIs' way to a deployed environment (bin/tenant.ts, bin/audit.ts): the region from
 * AWS_REGION, the local stand-ins' endpoints dropped so the SDK clients speak to AWS, and the
 * stacks' outputs read with the operator's credentials, named in any error so the fix is plain.
 */
export async function withDeployedStacks<T>(env: string, work: (output: StackOutput, region: string) => Promise<T>): Promise<T> {
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error(`Set AWS_REGION to the region of the ${env} stacks`);
  process.env.AWS_REGION = region;
  for (const name of [functionEnv.dynamodbEndpoint, functionEnv.s3Endpoint, functionEnv.sesEndpoint, functionEnv.samlKeyDir]) delete process.env[name];
  const cloudFormation = new CloudFormationClient({ region });
  const output: StackOutput = async (part, key) => {
    const stackName = `ComDrive-${env}-${part}`;
    try {
      const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
      const value = Stacks?.[0]?.Outputs?.find((found) => found.OutputKey === key)?.OutputValue;
      if (!value) throw new Error(`The stack ${stackName} has no output ${key}${key === 'TableName' ? '' : ' (deploy this version of the stacks first)'}`);
      return value;
    } catch (error) {
      if (error instanceof Error && /does not exist/.test(error.message)) throw new Error(`The stack ${stackName} does not exist in ${region}`);
      throw error;
    }
  };
  try {
    return await work(output, region);
  } finally {
    cloudFormation.destroy();
  }
}
