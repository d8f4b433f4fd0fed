import type { ReactNode } from 'react';
import Box, { type BoxProps } from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';

const ICONS = { warning: 'status-warning', success: 'status-positive', info: 'status-info', stopped: 'status-stopped', error: 'status-negative' } as const;
const VARIANTS = { warning: 'warning', success: 'success', info: 'subtle', stopped: 'subtle', error: 'error' } as const;
const COLOURS: Record<keyof typeof ICONS, BoxProps.Color> = {
  warning: 'text-status-warning',
  success: 'text-status-success',
  info: 'text-body-secondary',
  stopped: 'text-status-inactive',
  error: 'text-status-error',
};

/**
 * A status whose text may run over several lines: its icon leads the first line and the text wraps
 * between words (Cloudscape's StatusIndicator breaks a long text anywhere, even inside a word).
 * `small`: in small text, as the notes under a field.
 */
export function TextStatus({ icon, small = false, children }: { icon: keyof typeof ICONS; small?: boolean; children: ReactNode }) {
  return (
    <Box variant={small ? 'small' : 'span'} color={COLOURS[icon]} display="block">
      <span className="read-status-icon">
        <Icon name={ICONS[icon]} variant={VARIANTS[icon]} size="small" />
      </span>
      {children}
    </Box>
  );
}
