import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/messages.ts';
import type { Resources } from '@/lib/i18n/en.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A plural's key as i18next takes it (`x` for `x_one` and `x_other`, chosen by `count`). */
type PluralBase<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : never;

/** Any UI or catalogue key. */
export type TextKey = Leaves<Resources> | PluralBase<Leaves<Resources>> | MessageKey;

/**
 * A text translated at render time, for content built outside components (notifications, progress
 * descriptions): it follows a language switch while it is on screen.
 */
export function Tx({ k, values }: { k: TextKey; values?: TOptions }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: TOptions) => string;
  return <>{translate(k, values)}</>;
}
