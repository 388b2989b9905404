import type { ReadContext } from '../../core/context.ts';
import { eventRenderer } from '../../platform/events/renderers.ts';
import { refreshDownloadUrl } from '../certificates/present.ts';
import { loadRecipients, withoutPersonalData } from './present.ts';

const isCertificate = (value: unknown): value is { object: 'certificate'; id: string } =>
  typeof value === 'object' && value !== null && (value as { object?: unknown }).object === 'certificate';

/**
 * recipient.created and recipient.claimed: the recipient as GET shows it, whole. A reader
 * without recipients:read sees it without names and email, and its certificate comes with
 * a download link signed now.
 */
export const recipientEvents = eventRenderer({
  kinds: ['recipient.created', 'recipient.claimed'],
  async render(changes, { contextFor, known }) {
    const rendered = [];
    for (const change of changes) {
      const object = known.get(change.recipient_id) ?? (await loadRecipients(contextFor(change.company_id, change.livemode), [change.recipient_id])).get(change.recipient_id);
      if (!object) throw new Error(`Recipient ${change.recipient_id} vanished before its event was written.`);
      rendered.push([{ companyId: change.company_id, livemode: change.livemode, type: change.kind, object }]);
    }
    return rendered;
  },
  asReaderSees(ctx: ReadContext, object: unknown) {
    const { certificate } = object as { certificate?: unknown };
    const recipient = isCertificate(certificate) ? { ...(object as object), certificate: refreshDownloadUrl(ctx, certificate) } : (object as object);
    return ctx.scopes.includes('recipients:read') ? recipient : withoutPersonalData(recipient);
  },
});
