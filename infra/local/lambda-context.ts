import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** The Lambda context a handler gets in AWS, as far as an in-process call can fake it. */
export function lambdaContext(functionName: string, awsRequestId: string = randomUUID()): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
