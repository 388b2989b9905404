import { eventRenderer } from '../../platform/events/renderers.ts';
import { loadCertificates, refreshDownloadUrl } from './present.ts';

/** certificate.created: the certificate as GET shows it; its download link is signed again for each reader. */
export const certificateEvents = eventRenderer({
  kinds: ['certificate.created'],
  async render(changes, { contextFor }) {
    const rendered = [];
    for (const change of changes) {
      const object = (await loadCertificates(contextFor(change.company_id, change.livemode), [change.certificate_id])).get(change.certificate_id);
      if (!object) throw new Error(`Certificate ${change.certificate_id} vanished before its event was written.`);
      rendered.push([{ companyId: change.company_id, livemode: change.livemode, type: change.kind, object }]);
    }
    return rendered;
  },
  asReaderSees: (ctx, object) => refreshDownloadUrl(ctx, object as { id: string; download_url?: unknown }),
});
