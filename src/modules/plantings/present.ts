import type { ApiContext } from '../../http/auth.ts';

// TEMPORARY placeholder, replaced by the plantings module in this same change.
export async function loadPlantings(_ctx: ApiContext, _ids: readonly string[], _expand: readonly string[] = []): Promise<Map<string, unknown>> {
  throw new Error('not yet built');
}
