import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '@/lib/i18n/en.ts';
import { ja } from '@/lib/i18n/ja.ts';
import { actionText, fieldText, targetTypeText } from './audit-words.ts';

async function translator(language: 'en' | 'ja'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, ja: { translation: ja } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('an audit record in words', () => {
  it("names actions, item types and fields in the user's language", async () => {
    const [enT, jaT] = await Promise.all([translator('en'), translator('ja')]);
    expect(actionText(enT, 'drive.folder_permission_save')).toBe('Changed folder permissions');
    expect(actionText(jaT, 'drive.folder_permission_save')).toBe('フォルダーの権限を変更');
    expect(actionText(enT, 'security.ip_policy.save')).toBe('Changed IP address restrictions');
    expect(actionText(jaT, 'signin.wrong_data')).toBe('サインイン失敗：ID またはパスワードの誤り');
    expect(targetTypeText(enT, 'user_group')).toBe('Group');
    expect(targetTypeText(jaT, 'user')).toBe('ユーザー');
    expect(fieldText(enT, 'user_nm')).toBe('Name');
    expect(fieldText(enT, 'acl.view.users[0]')).toBe('Permissions › View › Users [0]');
    expect(fieldText(jaT, 'corp_nm')).toBe('法人名');
  });

  it('shows what has no words as recorded', async () => {
    const t = await translator('en');
    expect(actionText(t, 'user.something_new')).toBe('user.something_new');
    expect(targetTypeText(t, 'gadget')).toBe('gadget');
    expect(fieldText(t, 'groups.ata')).toBe('Groups › ata');
    expect(fieldText(t, '(value)')).toBe('(value)');
  });

  it('has words for every action the server records', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
    const recorded = new Set(files('functions').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/action: (?:\w+ \? )?'([a-z_]+\.[a-z_.]+)'(?: : '([a-z_]+\.[a-z_.]+)')?/g)].flatMap((match) => [match[1]!, ...(match[2] ? [match[2]] : [])])));
    expect(recorded.size).toBeGreaterThan(30);
    const t = await translator('en');
    expect([...recorded].filter((action) => actionText(t, action) === action)).toEqual([]);
  });
});
