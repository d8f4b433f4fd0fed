import type { Operation } from '#lib/api-handler.ts';
import { listPropertyItems } from '#data/property-items.ts';

/** The contract's property items, by number (every signed-in user: the drive's forms are made from them). */
export const getPropertyItems: Operation<'com/property_item'> = async ({ caller }) => ({ items: await listPropertyItems(caller.kykId) });
