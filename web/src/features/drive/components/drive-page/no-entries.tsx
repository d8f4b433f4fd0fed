import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

/** What the grid and the phone list show without entries: the spinner while the first page loads, then the empty state. */
export function NoEntries({ loading, loadingText, empty }: { loading?: boolean; loadingText?: string; empty?: ReactNode }) {
  if (!loading) return <>{empty}</>;
  return (
    <Box textAlign="center" color="text-status-inactive" padding={{ vertical: 'l' }}>
      <Spinner /> {loadingText}
    </Box>
  );
}
