// Every kind of drive job registers its worker here, so whoever runs a job knows them all.
import './copy-job.ts';
import './zip-job.ts';
import './tax-export-job.ts';
import './retention-extend-job.ts';
import './tag-detach-job.ts';

export { recoverDriveJob, runDriveJob, sweepDriveJobs } from './jobs.ts';
