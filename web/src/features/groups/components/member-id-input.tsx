import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { UserGroupPicker } from '@/components/user-group-picker.tsx';
import { parseUserIds } from '../utils/member-changes.ts';

/** Longest user ID (SPEC.md §5). */
const USER_ID_MAX = 12;

/**
 * "Add members by user ID": IDs typed or pasted (spaces, commas or line breaks between them) become
 * tokens of pending additions. "Add members…" opens the user picker (users tab) and adds the users
 * chosen there the same way.
 */
export function MemberIdInput({
  added,
  onAdd,
  onRemove,
  errorText,
  notice,
  pickerProduct,
}: {
  added: string[];
  /** Answers a notice to show (e.g. IDs already in the group), or nothing. */
  onAdd: (ids: string[]) => string | undefined;
  onRemove: (id: string) => void;
  errorText?: string;
  notice?: string;
  /** The group's product area: the picker shows each user's group there. Absent: no picker. */
  pickerProduct?: ProductArea;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ error?: string; info?: string }>({});
  const [picking, setPicking] = useState(false);

  const add = () => {
    const ids = parseUserIds(text);
    if (ids.length === 0) return;
    const invalid = ids.filter((id) => [...id].length > USER_ID_MAX);
    const valid = ids.filter((id) => !invalid.includes(id));
    const info = valid.length > 0 ? onAdd(valid) : undefined;
    setText(invalid.join(' '));
    setMessage({ error: invalid.length > 0 ? t('groups.members.invalidIds', { ids: invalid.join(', '), max: USER_ID_MAX }) : undefined, info });
  };

  return (
    <FormField
      label={t('groups.members.addLabel')}
      description={t('groups.members.addDescription')}
      errorText={message.error ?? errorText}
      constraintText={message.info ?? notice}
      controlId="group-member-add-input"
      stretch
    >
      <SpaceBetween size="xs">
        <div className="member-add-row">
          <div className="member-add-input">
            <Input
              value={text}
              placeholder={t('groups.members.addPlaceholder')}
              invalid={!!(message.error ?? errorText)}
              onChange={({ detail }) => {
                setText(detail.value);
                setMessage({});
              }}
              onKeyDown={(event) => {
                // Enter adds the IDs instead of submitting the whole form.
                if (event.detail.key === 'Enter' && !event.detail.isComposing) {
                  event.preventDefault();
                  add();
                }
              }}
              nativeInputAttributes={{ 'data-testid': 'group-member-add-input', autoComplete: 'off' }}
            />
          </div>
          <Button formAction="none" disabled={parseUserIds(text).length === 0} onClick={add} nativeButtonAttributes={{ 'data-testid': 'group-member-add-button' }}>
            {t('groups.members.add')}
          </Button>
          {pickerProduct && (
            <Button formAction="none" iconName="add-plus" onClick={() => setPicking(true)} nativeButtonAttributes={{ 'data-testid': 'group-member-pick-button' }}>
              {t('groups.members.pick')}
            </Button>
          )}
        </div>
        {added.length > 0 && (
          <div data-testid="group-member-added">
            <TokenGroup
              items={added.map((id) => ({ label: id, dismissLabel: t('groups.members.removeToken', { id }), tags: [t('groups.members.willBeAdded')] }))}
              onDismiss={({ detail }) => {
                const id = added[detail.itemIndex];
                if (id) onRemove(id);
              }}
              limit={20}
              i18nStrings={{
                limitShowMore: t('groups.members.showMore'),
                limitShowFewer: t('groups.members.showFewer'),
              }}
            />
          </div>
        )}
      </SpaceBetween>
      {picking && pickerProduct && (
        <UserGroupPicker
          product={pickerProduct}
          tabs={['users']}
          header={t('groups.members.pickTitle')}
          onDismiss={() => setPicking(false)}
          onConfirm={(items) => {
            setPicking(false);
            const ids = items.flatMap((item) => (item.user_id ? [item.user_id] : []));
            if (ids.length === 0) return;
            const info = onAdd(ids);
            setMessage({ info: info ?? t('groups.members.picked', { count: ids.length }) });
          }}
        />
      )}
    </FormField>
  );
}
