import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Cost next to time: every DynamoDB call made while a bench section is open asks for
 * `ReturnConsumedCapacity: TOTAL`, and the units it consumed are added to the measured API call in
 * flight. Sections run their calls one at a time, so what is counted between the start and the end
 * of a call is that call's cost.
 */
interface Units {
  read: number;
  write: number;
}

const supports = new Set([
  'GetCommand', 'PutCommand', 'UpdateCommand', 'DeleteCommand', 'QueryCommand', 'ScanCommand',
  'BatchGetCommand', 'BatchWriteCommand', 'TransactGetCommand', 'TransactWriteCommand',
  'GetItemCommand', 'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'QueryCommand',
  'BatchGetItemCommand', 'BatchWriteItemCommand', 'TransactGetItemsCommand', 'TransactWriteItemsCommand',
]);

let current: Units | undefined;
let section: string | undefined;
const perSection = new Map<string, Units[]>();

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number; TableName?: string };

const add = (capacity: Capacity | Capacity[] | undefined, command: string) => {
  if (!current || !capacity) return;
  for (const entry of Array.isArray(capacity) ? capacity : [capacity]) {
    const total = entry.CapacityUnits ?? 0;
    const read = entry.ReadCapacityUnits ?? 0;
    const write = entry.WriteCapacityUnits ?? 0;
    // DynamoDB Local answers only the total: attribute it by the kind of call.
    if (read || write) {
      current.read += read;
      current.write += write;
    } else if (/^(Get|Query|Scan|BatchGet|TransactGet)/.test(command)) current.read += total;
    else current.write += total;
  }
};

/** Installs the metering middleware on the document client the handlers use (once). */
export function meterCapacity(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      const input = args.input as Record<string, unknown>;
      if (current && supports.has(command) && input.ReturnConsumedCapacity === undefined) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      add((result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity, command);
      return result;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
}

/** Counts the units of the calls `work` makes into the open section (if any). */
export async function metered<T>(work: () => Promise<T>): Promise<T> {
  if (!section) return work();
  const units: Units = { read: 0, write: 0 };
  current = units;
  try {
    return await work();
  } finally {
    current = undefined;
    perSection.get(section)!.push(units);
  }
}

/** Opens the section the following measured calls are counted in (its name is the results key). */
export function openSection(name: string): void {
  section = name;
  if (!perSection.has(name)) perSection.set(name, []);
}

export function closeSection(): void {
  section = undefined;
}

const round = (value: number) => Number(value.toFixed(2));

/** Per section: mean read and write capacity units per measured call, and the largest call's. */
export function capacityReport(): Record<string, { rcu_mean: number; wcu_mean: number; rcu_max: number; wcu_max: number; calls: number }> {
  return Object.fromEntries([...perSection].filter(([, calls]) => calls.length > 0).map(([name, calls]) => [name, {
    rcu_mean: round(calls.reduce((sum, call) => sum + call.read, 0) / calls.length),
    wcu_mean: round(calls.reduce((sum, call) => sum + call.write, 0) / calls.length),
    rcu_max: round(Math.max(...calls.map((call) => call.read))),
    wcu_max: round(Math.max(...calls.map((call) => call.write))),
    calls: calls.length,
  }]));
}
