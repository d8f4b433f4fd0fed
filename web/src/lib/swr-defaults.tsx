import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * SWR's settings for every API read. Given by the frames whose pages read through SWR (the
 * signed-in shell, and the fallback frame of /change-password), not by the app's providers: the
 * login page reads nothing through SWR, so SWR is not part of its first load.
 */
export function SwrDefaults({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        // The API client reports failures itself; automatic retries would repeat its error modal.
        shouldRetryOnError: false,
        revalidateOnFocus: false,
        dedupingInterval: 1000,
      }}
    >
      {children}
    </SWRConfig>
  );
}
