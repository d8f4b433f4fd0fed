import type { TFunction } from 'i18next';

/**
 * An audit record in words, in the user's language: its action, its item's type and the fields of
 * its before and after as the screens call them. What has no words (an action or field added
 * later) shows as recorded. The CSV export keeps the keys (audit-csv.ts).
 */
type Section = 'actions' | 'targetTypes' | 'fields';
/** The words for a key of a section, or the key itself when the section has none. */
const word = (t: TFunction, section: Section, key: string): string =>
  (/^\w+$/.test(key) ? t(`auditLogPage.${section}.${key}` as 'auditLogPage.title', { defaultValue: '' }) : '') || key;

/** "Changed folder permissions" for `drive.folder_permission_save`. */
export function actionText(t: TFunction, action: string): string {
  const words = word(t, 'actions', action.replaceAll('.', '_'));
  return words === action.replaceAll('.', '_') ? action : words;
}

/** "User" for `user`. */
export const targetTypeText = (t: TFunction, type: string): string => word(t, 'targetTypes', type);

/** A path of the difference (`acl.view.users[0]`) with each part named: "Permissions › View › Users [0]". */
export function fieldText(t: TFunction, path: string): string {
  return path.split('.').map((part) => {
    const [, name = part, index = ''] = /^([^[]+)((?:\[\d+\])*)$/.exec(part) ?? [];
    const shown = word(t, 'fields', name);
    return index ? `${shown} ${index}` : shown;
  }).join(' › ');
}
