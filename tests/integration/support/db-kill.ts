import { randomUUID } from 'node:crypto';
import { db } from '#lib/clients.ts';

/** DynamoDB operations that write. */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

/**
 * Kills the database for this test worker's DynamoDB client (the one the functions use when a
 * test calls them in-process): the first `writes` writes go through to DynamoDB Local, then every
 * call, read or write, fails as an unreachable endpoint would, until `revive()`. A fault DynamoDB
 * Local cannot produce, injected as a middleware on the real client (functions/lib/data/
 * fault-client.ts mocks the client whole, which cannot let the first writes through).
 */
export function killDatabaseAfterWrites(writes: number) {
  const name = `kill-database-${randomUUID()}`;
  let passed = 0;
  let dead = false;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (!dead && WRITES.has(String(context.commandName))) {
        if (passed >= writes) dead = true;
        else passed++;
      }
      if (dead) throw Object.assign(new Error('connect ECONNREFUSED (database killed by the test)'), { name: 'NetworkingError' });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    get dead() {
      return dead;
    },
    revive: () => {
      db().middlewareStack.remove(name);
    },
  };
}
