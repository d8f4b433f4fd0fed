import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Input from '@cloudscape-design/components/input';

/**
 * The drive page's search field: Enter opens the search (/search-result) for that part of a name,
 * in the folder shown and below (the search page can widen it to the whole drive and add conditions).
 * The search form's URL code (conditions-config.tsx) loads on Enter, not with the drive page.
 */
export function SearchField({ folderId, folderName }: { folderId: string; folderName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const go = async () => {
    const { paramsFromForm, emptyForm, SEARCH_HREF } = await import('../search-page/conditions-config.tsx');
    const form = { ...emptyForm(folderId === 'root' ? '' : folderId, folderName), name: text };
    await navigate(`${SEARCH_HREF}?${paramsFromForm(form).toString()}`);
  };
  return (
    <div className="drive-search-field">
      <Input
        type="search"
        value={text}
        onChange={({ detail }) => setText(detail.value)}
        onKeyDown={({ detail }) => {
          if (detail.key === 'Enter' && text.trim() !== '') void go();
        }}
        placeholder={t('search.field.placeholder')}
        ariaLabel={t('search.field.label')}
        data-testid="drive-search-field"
      />
    </div>
  );
}
