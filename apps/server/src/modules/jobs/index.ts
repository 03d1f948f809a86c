// Background jobs: other modules enqueue work and register a handler per kind.
export {
  enqueueJob,
  enqueueJobs,
  jobWrite,
  registerJobHandler,
  runDueJobs,
  startJobPoller,
  listJobs,
  JOB_MAX_ATTEMPTS,
  type JobHandler,
  type JobContext,
  type RunResult,
} from './service';
