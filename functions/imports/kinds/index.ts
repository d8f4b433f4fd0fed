import type { ImportKind } from '#shared/schemas/imports.ts';
import { corpImport } from './corp.ts';
import type { ImportKindDefinition } from './types.ts';

/** The import kinds the runner knows. Users are added here by the users feature (`kinds/user.ts`). */
export const importKindDefinitions: Partial<Record<ImportKind, ImportKindDefinition>> = {
  corp: corpImport,
};
