import type { JobKind } from '../../platform/jobs/job.ts';

/** The job kinds of CSV uploads (issue 26). */
export const UPLOAD_JOBS: readonly JobKind[] = [];
