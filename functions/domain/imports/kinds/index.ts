import type { ImportKind } from '#shared/schemas/imports.ts';
import { corpImport } from './corp.ts';
import { userImport } from './user.ts';
import type { ImportKindDefinition } from './types.ts';

/** The import kinds the runner knows. */
export const importKindDefinitions: Partial<Record<ImportKind, ImportKindDefinition>> = {
  corp: corpImport,
  user: userImport,
};
