import { Type } from '@sinclair/typebox';
import { idString } from '../../core/schema.ts';

export const CreateTestAllocationBody = Type.Object(
  {
    trees: Type.Integer({ minimum: 1, maximum: 100_000 }),
    project: Type.Optional(idString('project', 'Put the test planting in this project; a test-only project when left out.')),
  },
  { additionalProperties: false },
);

export const ChangeTestAllocationTreesBody = Type.Object({ trees: Type.Integer({ minimum: 0, maximum: 100_000 }) }, { additionalProperties: false });
