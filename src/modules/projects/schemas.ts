import { Type } from '@sinclair/typebox';

// TEMPORARY placeholder, replaced by the projects module in this same change.
export const ProjectSchema = Type.Object({ id: Type.String() }, { $id: 'Project', additionalProperties: true });
