import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/messages.ts';
import type { Resources } from '@/lib/i18n/en.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Any UI or catalogue key. */
export type TextKey = Leaves<Resources> | MessageKey;

/**
 * A text translated at render time, for content built outside components (notifications, progress
 * descriptions): it follows a language switch while it is on screen.
 */
export function Tx({ k, values }: { k: TextKey; values?: TOptions }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: TOptions) => string;
  return <>{translate(k, values)}</>;
}
