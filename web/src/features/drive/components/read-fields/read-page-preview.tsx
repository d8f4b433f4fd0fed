import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReadFieldName, ReadFieldSet, ReadRegion } from '@shared/schemas/read-fields.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { useRendition } from '../../api/get-preview.ts';

/** The page rendition (an image, or a PDF's first page) is the only page the drive has drawn. */
const RENDERED_PAGE = 1;

const percent = (fraction: number) => `${(Math.min(1, Math.max(0, fraction)) * 100).toFixed(2)}%`;

/**
 * The document's page beside the details fields (what the details are typed from), with the line a
 * value was read from outlined for the field being looked at (pointed at or focused): the region is
 * in fractions of the page, so the box sits over the image at any size.
 */
export function ReadPagePreview({ file, fields, lookedAt }: { file: DriveItem; fields: ReadFieldSet; lookedAt: ReadFieldName | undefined }) {
  const { t } = useTranslation();
  const src = useRendition(file, 'page');
  const region: ReadRegion | undefined = lookedAt ? fields[lookedAt]?.region : undefined;
  const highlighted = region?.page === RENDERED_PAGE ? region : undefined;
  return (
    <SpaceBetween size="xs">
      <div className="read-page" data-testid="read-page" data-loaded={String(!!src)}>
        {src ? <img src={src} alt={t('readFields.page.alt', { name: file.name })} /> : <div className="read-page-placeholder" />}
        {src && highlighted && (
          <div
            className="read-page-region"
            data-testid="read-page-region"
            data-field={lookedAt}
            style={{ left: percent(highlighted.x), top: percent(highlighted.y), width: percent(highlighted.width), height: percent(highlighted.height) }}
          />
        )}
      </div>
      {Object.values(fields).some((field) => field?.region?.page === RENDERED_PAGE) && (
        <Box variant="small" color="text-body-secondary">
          {t('readFields.page.hint')}
        </Box>
      )}
    </SpaceBetween>
  );
}
