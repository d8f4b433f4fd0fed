import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { loginTwoStepTotp } from '../../api/login-two-step-totp.ts';
import type { PendingSignIn } from '../../utils/pending-sign-in.ts';
import { CodeForm } from '../sign-in/code-form.tsx';
import { StepFrame, StepMissing, usePendingStep } from '../sign-in/step-frame.tsx';
import { qrCodeImage } from './qr-code.ts';


/**
 * /otp-multi-part (SPEC.md §2): the authenticator code; when the user has none yet, the generation
 * key (copyable) and the activation QR code with instructions first.
 */
export default function OtpTotpPage() {
  const pending = usePendingStep('totp');
  if (!pending) return <StepMissing />;
  return <OtpTotp pending={pending} />;
}

function OtpTotp({ pending }: { pending: PendingSignIn }) {
  const { t } = useTranslation();
  const activation = pending.step.totp_activation;
  return (
    <StepFrame
      testId="otp-totp"
      title={activation ? t('signIn.totp.activateTitle') : t('signIn.totp.title')}
      description={activation ? t('signIn.totp.activateDescription') : t('signIn.totp.description')}
      wide={!!activation}
    >
      <SpaceBetween size="l">
        {activation && (
          <div data-testid="otp-totp-activation">
            <SpaceBetween size="m">
              <ol className="totp-steps">
                <li>{t('signIn.totp.stepInstall')}</li>
                <li>{t('signIn.totp.stepScan')}</li>
                <li>{t('signIn.totp.stepEnter')}</li>
              </ol>
              <ColumnLayout columns={2} variant="text-grid">
                <Box textAlign="center">
                  <img className="totp-qr" src={qrCodeImage(activation.otpauth_url)} alt={t('signIn.totp.qrAlt')} width={180} height={180} data-testid="otp-totp-qr" />
                </Box>
                <SpaceBetween size="xs">
                  <Box variant="awsui-key-label">{t('signIn.totp.key')}</Box>
                  <div className="totp-key" data-testid="otp-totp-key">
                    {activation.generation_key}
                  </div>
                  <CopyToClipboard
                    variant="button"
                    textToCopy={activation.generation_key}
                    copyButtonText={t('signIn.totp.copy')}
                    copySuccessText={t('signIn.totp.copied')}
                    copyErrorText={t('signIn.totp.copyFailed')}
                  />
                  <Box variant="small" color="text-body-secondary">
                    {t('signIn.totp.keyHelp')}
                  </Box>
                </SpaceBetween>
              </ColumnLayout>
              <ExpandableSection headerText={t('signIn.totp.linkHeader')} variant="footer">
                <Box variant="small">
                  <span className="totp-key">{activation.otpauth_url}</span>
                </Box>
              </ExpandableSection>
            </SpaceBetween>
          </div>
        )}
        <CodeForm pending={pending} prefix="otp-totp" call={(request) => loginTwoStepTotp(request, { silent: true })} />
      </SpaceBetween>
    </StepFrame>
  );
}
