import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayGiveTrees } from '../../core/plans.ts';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import type { ModuleOptions } from '../../platform/http/module.ts';
import { type FileProblem, MAX_UPLOAD_BYTES, UPLOAD_COLUMNS, UploadFileRefused, uploadTemplate } from './upload-csv.ts';
import { checkTrees, previewUpload } from './upload-preview.ts';
import { findUpload, isWhenShort, progressOf, recentUploads, resultRows, rowsRefusedForTrees, rowsWithOutcome, startUpload, type UploadRow } from './upload-service.ts';
import { UPLOAD_TEXTS } from './upload-texts.ts';
import { number, problemLines, resultCsv, uploadTime } from './upload-view.ts';

const template = (name: string) => new URL(`./templates/${name}.eta`, import.meta.url);
const hide = { hide: true };
/** Problems the preview lists on the page; the file of every row's check has them all. */
const PROBLEMS_SHOWN = 200;
const SKIPPED_SHOWN = 20;
/** How often the progress page reloads itself while the job gives (the Refresh header: no script, no meta tag in the body). */
const REFRESH_SECONDS = 2;

const STYLE = [
  'progress{display:block;width:100%;max-width:36rem;height:1.4rem;accent-color:var(--leaf)}',
  'label[for=upload-progress]{display:block;font-weight:600;margin-bottom:6px}',
  'form.stack label.check{display:flex;font-weight:400;margin:10px 0}',
  'form.stack fieldset{margin-top:18px}',
  '.card>form.stack>fieldset:first-of-type{margin-top:0}',
  'input[type=file]{font:inherit;max-width:100%}',
  'dl.columns dt{font-family:ui-monospace,Menlo,Consolas,monospace}',
  'table.list td.num{font-variant-numeric:tabular-nums}',
].join('');

/**
 * CSV uploads of recipients (issue 26), for admins and members of a company whose plan
 * gives trees: the form and the template, the preview of a file (every row checked, the
 * problems by row, the trees against the unassigned ones, the choice for too few trees),
 * the progress of the giving, and the result file. The file arrives as multipart/form-data,
 * read by @fastify/multipart into the body (attachFieldsToBody), so the surface's CSRF
 * check reads `_csrf` from it as from any form.
 */
export const uploadPages: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { db, config }) => {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    // A larger file is cut one byte past the limit rather than refused with an error page, so
    // that the form can say what is wrong (readUploadFile refuses it by its length).
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 12 },
    throwFileSizeLimit: false,
  });

  const textsOf = (request: FastifyRequest): (typeof UPLOAD_TEXTS)['en'] => UPLOAD_TEXTS[signedIn(request).language];
  const render = (request: FastifyRequest, reply: FastifyReply, status: number, name: string, data: Record<string, unknown>) => {
    const language = signedIn(request).language;
    return dashboardPage(request, reply, status, template(name), {
      t: textsOf(request), headStyle: STYLE, number: (n: number) => number(n, language), time: (at: Date) => uploadTime(at, language), ...data,
    });
  };

  // A plan that gives no trees: what it would need, for every page, and forms refused the same way.
  app.addHook('preHandler', async (request, reply) => {
    const session = request.dashboard;
    if (!session || mayGiveTrees(session.company.plan)) return;
    const t = UPLOAD_TEXTS[session.language];
    return dashboardMessage(request, reply, request.method === 'GET' ? 200 : 403, { heading: t.planTitle, text: t.planBody(session.company.plan) });
  });

  const uploadOf = async (request: FastifyRequest<{ Params: { id: string } }>) => findUpload(db, signedIn(request).company.id, request.params.id);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const t = textsOf(request);
    return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
  };

  async function formPage(request: FastifyRequest, reply: FastifyReply, status: number, problem: FileProblem | null) {
    const session = signedIn(request);
    const t = textsOf(request);
    return render(request, reply, status, 'upload-new', {
      heading: t.uploadTitle, columns: UPLOAD_COLUMNS, problem: problem ? t.fileProblems[problem.code]!(problem as Record<string, unknown>) : null,
      offersTestMode: session.company.plan === 'automate', uploads: await recentUploads(db, session.company.id),
    });
  }

  app.get('/recipients/upload', { schema: hide }, (request, reply) => formPage(request, reply, 200, null));

  app.get('/recipients/upload/template.csv', { schema: hide }, async (request, reply) => {
    const language = signedIn(request).language;
    return reply.type('text/csv; charset=utf-8').header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="canopy-recipients-template-${language}.csv"`).send(uploadTemplate(language));
  });

  app.post('/recipients/upload', { schema: hide }, async (request, reply) => {
    const session = signedIn(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const file = body.file;
    if (!Buffer.isBuffer(file)) return formPage(request, reply, 400, { code: 'file_missing' });
    const livemode = !(body.mode === 'test' && session.company.plan === 'automate');
    try {
      const id = await previewUpload({ db, companyId: session.company.id, livemode, secretKey: config.secretKey }, file, session.user.id);
      return reply.redirect(`/dashboard/uploads/${id}`, 303);
    } catch (error) {
      if (error instanceof UploadFileRefused) return formPage(request, reply, 400, error.problem);
      throw error;
    }
  });

  // ---- One upload: its preview, its progress, its result ----

  app.get<{ Params: { id: string } }>('/uploads/:id', { schema: hide }, async (request, reply) => {
    const upload = await uploadOf(request);
    if (!upload) return notFound(request, reply);
    if (upload.status === 'previewed' || upload.status === 'expired') return previewPage(request, reply, upload);
    return progressPage(request, reply, upload);
  });

  async function previewPage(request: FastifyRequest, reply: FastifyReply, upload: UploadRow, status = 200, problem: string | null = null) {
    const t = textsOf(request);
    const toGive = upload.rows_total - upload.rows_invalid - upload.rows_skipped;
    return render(request, reply, status, 'upload-preview', {
      heading: t.previewTitle, upload, toGive, problem,
      trees: upload.status === 'previewed' ? await checkTrees(db, upload) : null,
      problems: problemLines(await rowsWithOutcome(db, upload.id, 'refused', PROBLEMS_SHOWN), t),
      skipped: await rowsWithOutcome(db, upload.id, 'skipped', SKIPPED_SHOWN),
      problemsShown: PROBLEMS_SHOWN,
    });
  }

  async function progressPage(request: FastifyRequest, reply: FastifyReply, upload: UploadRow) {
    const t = textsOf(request);
    const running = upload.status === 'queued' || upload.status === 'giving';
    if (running) reply.header('Refresh', String(REFRESH_SECONDS));
    const headings: Partial<Record<UploadRow['status'], string>> = { refused: t.refusedTitle, partial: t.partialTitle, failed: t.failedTitle };
    const heading = running ? t.progressTitle : (headings[upload.status] ?? t.doneTitle);
    const refusedForTrees = upload.status === 'partial' ? await rowsRefusedForTrees(db, upload.id) : 0;
    return render(request, reply, 200, 'upload-progress', { heading, upload, running, progress: progressOf(upload), refusedForTrees });
  }

  app.post<{ Params: { id: string } }>('/uploads/:id/start', { schema: hide }, async (request, reply) => {
    const upload = await uploadOf(request);
    if (!upload) return notFound(request, reply);
    const whenShort = (request.body as Record<string, unknown> | undefined)?.when_short;
    if (upload.status === 'previewed' && !isWhenShort(whenShort)) return previewPage(request, reply, upload, 400, textsOf(request).chooseLegend);
    if (isWhenShort(whenShort)) await startUpload(db, signedIn(request).actor, upload.id, whenShort);
    return reply.redirect(`/dashboard/uploads/${upload.id}`, 303);
  });

  app.get<{ Params: { id: string } }>('/uploads/:id/result.csv', { schema: hide }, async (request, reply) => {
    const upload = await uploadOf(request);
    if (!upload) return notFound(request, reply);
    const csv = resultCsv(await resultRows(db, upload.id), textsOf(request));
    return reply.type('text/csv; charset=utf-8').header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="canopy-upload-${upload.id}-result.csv"`).send(csv);
  });
};
