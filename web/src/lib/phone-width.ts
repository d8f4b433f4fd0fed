import { useSyncExternalStore } from 'react';

/**
 * Cloudscape's mobile breakpoint (below 688 px, the width its app layout switches at; the same media
 * query its own hook uses, which it does not export): the phone layout of the drive and the accounts list
 * (one column of items, the actions in one menu).
 */
const PHONE_QUERY = '(max-width: 687px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;

export const usePhoneWidth = (): boolean => useSyncExternalStore(subscribe, isPhone, () => false);
