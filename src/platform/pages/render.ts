import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/**
 * Canopy's HTML templates, each beside the feature that owns it (`modules/<feature>/templates/`,
 * the shared layout and message page in `platform/pages/templates/`), escaping every value
 * unless told otherwise. Paths are resolved from src/, so a feature's template extends the
 * shared layout with `layout('/platform/pages/templates/layout')`.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const eta = new Eta({ views: SRC, cache: true, autoEscape: true, autoTrim: false });

/** Renders a template file, named by its URL next to the code that uses it: `new URL('./templates/x.eta', import.meta.url)`. */
export function renderTemplate(template: URL, data: object): string {
  return eta.render(path.relative(SRC, fileURLToPath(template)), data);
}
