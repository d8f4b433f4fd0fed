import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { passwordStrength, preloadPasswordStrength, STRENGTH_MAX, strengthUserInputs, type PasswordStrength } from '@shared/password-strength.ts';
import { strengthName } from '../../utils/password-conditions.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';

/**
 * The new password's strength as the user types, scored by the estimator the server checks with
 * (shared/password-strength.ts), against the policy's minimum. The estimator and its dictionaries
 * are their own chunks, fetched when this meter first shows (only the change-password screens have it).
 */
export function PasswordStrengthMeter({ password, minimum, userInputs }: {
  password: string;
  /** The policy's `pwd_min_strength` (undefined while the policy loads). */
  minimum?: number;
  /** The user's ID, name, e-mail and contract ID, as the server passes them. */
  userInputs: readonly (string | undefined)[];
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength }>();
  const [failed, setFailed] = useState(false);
  const inputs = strengthUserInputs(userInputs).join('\n');
  const language = currentLanguage();

  useEffect(preloadPasswordStrength, []);
  useEffect(() => {
    if (!password) return undefined;
    let current = true;
    passwordStrength(password, inputs.split('\n'), language).then(
      (strength) => current && (setResult({ password, strength }), setFailed(false)),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [password, inputs, language]);

  if (!password || minimum === 0) return null;
  if (failed) return <StatusIndicator type="warning">{t('signIn.strength.unavailable')}</StatusIndicator>;
  // A score of an earlier value stays until the new one is ready, so the bar does not flicker.
  const strength = result?.strength;
  const enough = strength !== undefined && (minimum === undefined || strength.score >= minimum);
  return (
    <div data-testid="password-strength" data-score={strength?.score ?? ''} data-enough={strength ? String(enough) : ''}>
      <ProgressBar
        label={t('signIn.strength.label')}
        value={strength ? ((strength.score + 1) / (STRENGTH_MAX + 1)) * 100 : 0}
        description={strength ? t(strengthName(strength.score)) : t('signIn.strength.checking')}
        additionalInfo={
          strength && (
            <span data-testid="password-strength-feedback">
              {!enough && minimum !== undefined && <Box variant="span" display="block" color="inherit" fontSize="body-s">{t('signIn.strength.needs', { level: t(strengthName(minimum)) })}</Box>}
              {strength.warning && <Box variant="span" display="block" color="inherit" fontSize="body-s">{strength.warning}</Box>}
            </span>
          )
        }
      />
    </div>
  );
}
