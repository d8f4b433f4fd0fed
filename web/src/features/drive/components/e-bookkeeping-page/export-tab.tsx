import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { csvEncodings } from '@shared/schemas/imports.ts';
import { downloadPresigned } from '@/components/presigned-download.tsx';
import { actionKeys, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { percent } from '@/lib/format.ts';
import { followJob, type DriveJob } from '../../api/get-job-info.ts';
import { startTaxExport } from '../../api/start-tax-export.ts';
import { japanToday, monthOf } from '../../utils/bookkeeping.ts';
import { DayRangePicker, type DayRange } from './day-range.tsx';

type Encoding = (typeof csvEncodings)[number];

/**
 * The tax office's download request (ダウンロードの求め): a range of transaction dates, the CSV's
 * encoding and whether logically deleted documents go too; Start runs the export as a job whose
 * progress (com_drive/job_info, as the ZIP download follows it) shows here until its Download.
 */
export function ExportTab() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => monthOf(japanToday()));
  const [encoding, setEncoding] = useState<Encoding>('utf-8');
  const [includeDeleted, setIncludeDeleted] = useState(true);
  const [job, setJob] = useState<DriveJob>();
  const [starting, setStarting] = useState(false);
  // The same export started again after a failure is the same action: one job.
  const [keys] = useState(actionKeys);
  const following = useRef<AbortController>(undefined);
  useEffect(() => () => following.current?.abort(), []);

  const start = async () => {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setStarting(true);
    setJob(undefined);
    try {
      const request = { date_from: range.from, date_to: range.to, encoding, include_deleted: includeDeleted ? 1 : 0 } as const;
      const answer = await startTaxExport(request, { signal: controller.signal, idempotencyKey: keys.for(request) });
      keys.done();
      setJob(answer.job);
      setStarting(false);
      setJob(await followJob(answer.job, setJob, controller.signal));
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
    } finally {
      setStarting(false);
    }
  };

  const running = starting || job?.state === 'running';
  const download = job?.state === 'done' ? job.download : null;

  return (
    <Container header={<Header description={t('bookkeeping.page.export.description')}>{t('bookkeeping.page.export.header')}</Header>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) void start();
        }}
      >
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={running} nativeButtonAttributes={{ 'data-testid': 'export-start' }}>
              {t('bookkeeping.page.export.start')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('bookkeeping.page.export.range')}>
              <DayRangePicker value={range} onChange={setRange} testId="export-range" />
            </FormField>
            <FormField label={t('bookkeeping.page.export.encoding')}>
              <RadioGroup
                value={encoding}
                onChange={({ detail }) => setEncoding(detail.value as Encoding)}
                items={csvEncodings.map((value) => ({ value, label: t(`bookkeeping.page.export.encodings.${value}`) }))}
                data-testid="export-encoding"
              />
            </FormField>
            <FormField description={t('bookkeeping.page.export.includeDeletedDescription')}>
              <Toggle checked={includeDeleted} onChange={({ detail }) => setIncludeDeleted(detail.checked)} data-testid="export-include-deleted">
                {t('bookkeeping.page.export.includeDeleted')}
              </Toggle>
            </FormField>
            {job && job.state === 'running' && (
              <div data-testid="export-progress">
                <ProgressBar
                  value={job.total ? percent(job.done, job.total) : 0}
                  label={t('bookkeeping.page.export.running')}
                  additionalInfo={job.total === null ? t('bookkeeping.page.export.counting') : t('bookkeeping.page.export.progress', { done: job.done, total: job.total })}
                />
              </div>
            )}
            {download && (
              <Alert type="success" header={t('bookkeeping.page.export.done')} data-testid="export-done">
                <Box>
                  <Button
                    formAction="none"
                    iconName="download"
                    onClick={() => void downloadPresigned(() => Promise.resolve(download), 'bookkeeping.page.export.fileLabel')}
                    nativeButtonAttributes={{ 'data-testid': 'export-download' }}
                  >
                    {t('bookkeeping.page.export.download', { name: download.file_name })}
                  </Button>
                </Box>
              </Alert>
            )}
            {job?.state === 'failed' && (
              <Alert type="error" header={t('bookkeeping.page.export.failed')} data-testid="export-failed">
                {job.error?.message}
              </Alert>
            )}
          </SpaceBetween>
        </Form>
      </form>
    </Container>
  );
}
