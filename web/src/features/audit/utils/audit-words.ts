import type { TFunction } from 'i18next';
import { en } from '@/lib/i18n/en.ts';

/**
 * An audit record in words, in the user's language: its action, its item's type and the fields of
 * its before and after as the screens call them. What has no words (an action or field added
 * later) shows as recorded. The CSV export keeps the keys (audit-csv.ts).
 */
type Section = 'actions' | 'targetTypes' | 'fields';
const known = (section: Section, key: string): boolean => Object.hasOwn(en.auditLogPage[section], key);
const word = (t: TFunction, section: Section, key: string): string => t(`auditLogPage.${section}.${key}` as 'auditLogPage.title');

/** "Changed folder permissions" for `drive.folder_permission_save`. */
export function actionText(t: TFunction, action: string): string {
  const key = action.replaceAll('.', '_');
  return known('actions', key) ? word(t, 'actions', key) : action;
}

/** "User" for `user`. */
export const targetTypeText = (t: TFunction, type: string): string => (known('targetTypes', type) ? word(t, 'targetTypes', type) : type);

/** A path of the difference (`acl.view.users[0]`) with each part named: "Permissions › View › Users [0]". */
export function fieldText(t: TFunction, path: string): string {
  return path.split('.').map((part) => {
    const [, name = part, index = ''] = /^([^[]+)((?:\[\d+\])*)$/.exec(part) ?? [];
    const shown = known('fields', name) ? word(t, 'fields', name) : name;
    return index ? `${shown} ${index}` : shown;
  }).join(' › ');
}
