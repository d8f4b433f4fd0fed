import { useEffect } from 'react';
import type { RouteResponse } from '@shared/routes.ts';
import type { UserSettings } from '@shared/schemas/user-settings.ts';
import { apiKey, useApi } from '@/lib/api-swr.ts';
import { setDefaultPageSize } from '@/lib/paging.ts';
import { setVisualMode, systemPrefersDark } from '@/lib/visual-mode.ts';

export type GetUserSettingsResponse = RouteResponse<'com/user_setting_info'>;

export const userSettingsKey = apiKey('com/user_setting_info', {});

/** The signed-in user's own settings (rows per page, visual mode, density), kept on the server. */
export const useUserSettings = () => useApi('com/user_setting_info', {}, { revalidateOnFocus: false });

/** What the SPA does with the settings: Cloudscape's mode and density, and the lists' starting page size. */
export function applyUserSettings(settings: Pick<UserSettings, 'page_size' | 'visual_mode' | 'density'>): void {
  setDefaultPageSize(settings.page_size);
  setVisualMode({
    dark: settings.visual_mode === 'system' ? systemPrefersDark() : settings.visual_mode === 'dark',
    compact: settings.density === 'compact',
  });
}

/** Applies the user's settings once they are read (the signed-in frame calls it; until then the browser's last choice holds). */
export function useApplyUserSettings(): void {
  const { data } = useUserSettings();
  const settings = data?.settings;
  useEffect(() => {
    if (settings) applyUserSettings(settings);
  }, [settings]);
}
