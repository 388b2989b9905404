import { Type } from '@sinclair/typebox';
import type { Language, PhotoJson, PolygonJson, SpeciesJson } from '../../db/schema.ts';
import { DateString, Nullable } from '../../http/common-schemas.ts';
import { translate } from '../../http/i18n.ts';

/**
 * The proof pieces plantings, projects and monitoring share: photos, species, the
 * polygon and its centroid. Translated texts come out in the request's language.
 */

export const PhotoSchema = Type.Object({
  url: Type.String(),
  caption: Nullable(Type.String()),
  taken_at: DateString(),
  credit: Nullable(Type.String()),
});

export const SpeciesSchema = Type.Object({
  name_latin: Type.String(),
  name_common: Type.String(),
  trees: Nullable(Type.Integer()),
});

export const LocationSchema = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const PolygonSchema = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })), {
    description: 'Rings of [longitude, latitude] positions (GeoJSON).',
  }),
});

export function presentPhotos(photos: PhotoJson[], language: Language) {
  return photos.map((photo) => ({
    url: photo.url,
    caption: translate(photo.caption, language),
    taken_at: photo.taken_at,
    credit: photo.credit,
  }));
}

export function presentSpecies(species: SpeciesJson[], language: Language) {
  return species.map((entry) => ({
    name_latin: entry.name_latin,
    name_common: translate(entry.name_common, language),
    trees: entry.trees,
  }));
}

export function presentLocation(latitude: number | null, longitude: number | null) {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

export function presentGeometry(geometry: PolygonJson | null) {
  return geometry ? { type: 'Polygon' as const, coordinates: geometry.coordinates } : null;
}
