import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';

export type ImportStatus = 'running' | 'normal' | 'warning' | 'abnormal';
export type ImportKindFilter = 'all' | 'user' | 'corp';
export type RowResult = 'ok' | 'warning' | 'error';

/** Whether any job shown is still running (the list then refreshes every 3 s). */
export const anyRunning = (rows: readonly { status: string }[]): boolean => rows.some((row) => row.status === 'running');

/** Cloudscape status indicator of an import status: running spins. */
export const statusIndicatorType = (status: ImportStatus): StatusIndicatorProps.Type =>
  ({ running: 'in-progress', normal: 'success', warning: 'warning', abnormal: 'error' } as const)[status];

export const resultIndicatorType = (result: RowResult): StatusIndicatorProps.Type =>
  ({ ok: 'success', warning: 'warning', error: 'error' } as const)[result];

/** The kind part of `com/import_history` (absent for all kinds). */
export const kindRequest = (kind: ImportKindFilter): { kind?: 'user' | 'corp' } => (kind === 'all' ? {} : { kind });

/** Known row actions are translated; anything else is shown as the server sent it. */
export const knownAction = (action: string | null): 'created' | 'updated' | 'unchanged' | undefined =>
  action === 'created' || action === 'updated' || action === 'unchanged' ? action : undefined;

