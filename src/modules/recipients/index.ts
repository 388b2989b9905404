import { RecipientSchema } from './schemas.ts';

/** Recipients' endpoints come with the recipients issue; allocations already expand to them. */
export const recipientsModule = { schemas: [RecipientSchema] };
