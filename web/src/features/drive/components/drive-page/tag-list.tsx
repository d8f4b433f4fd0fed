import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DriveTag } from '../../api/search-tags.ts';

/** An entry's tags as badges: common ones blue, private ones grey; "No tags" when none, "…" while unread. */
export function TagList({ tags }: { tags: DriveTag[] | undefined }) {
  const { t } = useTranslation();
  if (tags === undefined) return <Box color="text-status-inactive">…</Box>;
  if (tags.length === 0) return <Box color="text-status-inactive" fontSize="body-s">{t('tags.none')}</Box>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {tags.map((tag) => (
        <span key={tag.id} data-testid="item-tag" data-tag-name={tag.name} data-tag-scope={tag.scope} title={t(`tags.scope.${tag.scope}`)}>
          <Badge color={tag.scope === 'common' ? 'blue' : 'grey'}>{tag.name}</Badge>
        </span>
      ))}
    </SpaceBetween>
  );
}
