import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/** Canopy's HTML templates (views/templates), escaping every value unless told otherwise. */
const eta = new Eta({ views: fileURLToPath(new URL('./templates', import.meta.url)), cache: true, autoEscape: true, autoTrim: false });

export function renderPage(template: string, data: object): string {
  return eta.render(template, data);
}
