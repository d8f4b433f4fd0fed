import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import { formatCalendarDate, type DisplayLanguage } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';

export type MarkerKind = 'restricted' | 'retained' | 'scanner_check' | 'late' | 'fields_read';

interface Marker {
  kind: MarkerKind;
  icon: IconProps.Name;
  variant: IconProps.Variant;
  label: string;
}

/** Today as the retention dates are written (YYYY-MM-DD, Japan's day). */
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** Whether an entry needs attention: a failed scanner check, a late scan, read fields to confirm or a received file to accept (the "Needs attention" filter's reasons). */
export const needsAttention = (item: DriveItem): boolean =>
  item.type === 'file' && ((item.scanner_check !== undefined && item.scanner_check.status !== 'compliant') || item.input_late === true || item.fields_read === true || item.received !== undefined);

/**
 * The markers an entry carries in every view (docs/drive.md "Needs attention, markers and views"):
 * a folder with permission settings of its own, a bookkeeping document within its retention, a
 * failed scanner check naming its rules, a scan registered after its input deadline, fields read
 * from the document that wait for a person to confirm them.
 */
export function markersOf(item: DriveItem, t: TFunction, language: DisplayLanguage): Marker[] {
  const markers: Marker[] = [];
  if (item.type === 'folder' && item.restricted) markers.push({ kind: 'restricted', icon: 'lock-private', variant: 'subtle', label: t('driveViews.markers.restricted') });
  if (item.type === 'file' && item.document_style && item.document_style !== 'general' && item.retention_until && item.retention_until >= today()) {
    markers.push({ kind: 'retained', icon: 'security', variant: 'subtle', label: t('driveViews.markers.retained', { date: formatCalendarDate(item.retention_until, language) }) });
  }
  if (item.type === 'file' && item.scanner_check && item.scanner_check.status !== 'compliant') {
    const findings = item.scanner_check.findings.length > 0 ? item.scanner_check.findings : [item.scanner_check.status === 'unreadable' ? 'unreadable' as const : 'unknown_size' as const];
    const rules = findings.map((finding) => t(`driveViews.markers.findings.${finding}`)).join(t('driveViews.markers.separator'));
    markers.push({ kind: 'scanner_check', icon: 'status-warning', variant: 'warning', label: t('driveViews.markers.scannerCheck', { rules }) });
  }
  if (item.type === 'file' && item.input_late) {
    markers.push({
      kind: 'late', icon: 'status-warning', variant: 'warning',
      label: item.input_deadline ? t('driveViews.markers.late', { date: formatCalendarDate(item.input_deadline, language) }) : t('driveViews.markers.lateNoDate'),
    });
  }
  if (item.type === 'file' && item.fields_read) markers.push({ kind: 'fields_read', icon: 'edit', variant: 'link', label: t('driveViews.markers.fieldsRead') });
  return markers;
}

/**
 * The markers as icons, each with its text for screen readers and as a tooltip. Nothing when there
 * are none. With `onConfirmFields`, the read-fields marker is a button that opens Edit details.
 */
export function ItemMarkers({ item, onConfirmFields }: { item: DriveItem; onConfirmFields?: ((item: DriveItem) => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const markers = markersOf(item, t, i18n.language === 'ja' ? 'ja' : 'en');
  if (markers.length === 0) return null;
  return (
    <span className="drive-markers" data-testid="item-markers">
      {markers.map((marker) =>
        marker.kind === 'fields_read' && onConfirmFields ? (
          <button
            key={marker.kind}
            type="button"
            className="drive-marker-button"
            title={marker.label}
            aria-label={t('driveViews.markers.fieldsReadAction', { name: item.name })}
            data-testid={`marker-${marker.kind}`}
            data-marker={marker.kind}
            // The row (or tile) under it keeps its selection and does not open.
            onClick={(event) => {
              event.stopPropagation();
              onConfirmFields(item);
            }}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            <Icon name={marker.icon} variant={marker.variant} size="small" />
          </button>
        ) : (
          <span key={marker.kind} className="drive-marker" title={marker.label} data-testid={`marker-${marker.kind}`} data-marker={marker.kind}>
            <Icon name={marker.icon} variant={marker.variant} size="small" ariaLabel={marker.label} />
          </span>
        ),
      )}
    </span>
  );
}
