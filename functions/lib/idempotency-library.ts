/**
 * Powertools' idempotency and its DynamoDB persistence layer as one module, which idempotency.ts
 * loads with import() on the first call that carries a key. A lazy file is a bundle of its own
 * (infra/aws/function-bundle.ts): imported as two, each half would hold its own copy of the
 * library's error classes, and the handler's `instanceof` checks would miss the layer's errors.
 */
export { IdempotencyAlreadyInProgressError, IdempotencyConfig, IdempotencyValidationError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
export { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
