import { type ErasedObject, type ErasureScope, scrubStoredCopies } from '../../platform/events/erasure.ts';
import type { UnitOfWork } from '../../platform/events/unit-of-work.ts';

/** A gift code object once its `sent_to` is erased: who it was handed to is gone, the code stays. */
export function erasedGiftCode(id: string): ErasedObject {
  return {
    id,
    scrub(object) {
      return 'sent_to' in object ? { ...object, sent_to: { name: null, email: null } } : object;
    },
  };
}

/** Erases who a gift code was handed to (`sent_to`), on the code and in its stored responses. */
export async function eraseGiftCodeSentTo(uow: UnitOfWork, giftCode: { id: string } & ErasureScope): Promise<void> {
  await uow.db.updateTable('gift_codes').set({ sent_to_name: null, sent_to_email: null, updated_at: uow.now }).where('id', '=', giftCode.id).execute();
  await scrubStoredCopies(uow.db, giftCode, [erasedGiftCode(giftCode.id)]);
}
