import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import type { PasswordField } from '../../utils/password-conditions.ts';

/**
 * One password box of the password forms (own change, the change at sign-in, the invitation): the
 * field's name and autocomplete for the browser's password manager (`current-password` or
 * `new-password`), the error under it; `autoFocus` where the form opens on this box.
 */
export function PasswordFormField({ name, label, value, error, disabled, testId, autoFocus, onChange }: {
  name: PasswordField;
  label: string;
  value: string;
  error?: string;
  disabled?: boolean;
  testId: string;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} errorText={error} controlId={testId}>
      <Input
        type="password"
        value={value}
        invalid={!!error}
        disabled={disabled}
        autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
        autoFocus={autoFocus}
        onChange={({ detail }) => onChange(detail.value)}
        nativeInputAttributes={{ 'data-testid': testId, name }}
      />
    </FormField>
  );
}
