import { useTranslation } from 'react-i18next';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { formatDateTime } from '@/lib/format.ts';

/** "12/05/2026 10:00 by Jane" (or a dash when there is no date). */
export function useByline() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const dash = t('common.notAvailable');
  return (date: string, name: string) => (date ? t('users.detail.registeredBy', { date: formatDateTime(date, language), user: name || dash }) : dash);
}

/** Product areas as a list of names, or "None". */
export function useProductList() {
  const { t } = useTranslation();
  return (products: readonly ProductArea[]) => (products.length > 0 ? products.map((product) => t(`products.${product}`)).join(', ') : t('users.detail.none'));
}
