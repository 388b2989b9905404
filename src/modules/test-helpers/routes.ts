import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../core/errors.ts';
import { NoQuery } from '../../platform/http/params.ts';
import { AllocationParams, AllocationSchema } from '../allocations/schemas.ts';
import { ClaimGiftCodeBody, GiftCodeParams, GiftCodeSchema } from '../gift-codes/schemas.ts';
import { claimGiftCodeForTest } from '../gift-codes/service.ts';
import { ProjectParams, ProjectSchema } from '../projects/schemas.ts';
import { ChangeTestAllocationTreesBody, CreateTestAllocationBody } from './schemas.ts';
import {
  changeTestAllocationTrees, createTestAllocation, monitorTestAllocation, plantTestAllocation, publishTestVerification,
} from './service.ts';

/**
 * POST /v2/test_helpers/...: test mode only. A live token gets 404, as if the routes did
 * not exist. Allocation helpers need allocations:read and the verification helper
 * projects:read: the scope that reads what they make (there are no write scopes for
 * foundation data, and these only touch the caller's own test data).
 */
function requireTestMode(request: FastifyRequest) {
  if (request.ctx.livemode) throw errors.routeNotFound(request.method, request.url);
}

const tags = ['Test helpers'];
/** A live token hears 404 route_not_found from every helper (requireTestMode). */
const TEST_MODE_ONLY = ['route_not_found'] as const;
/** What the allocation helpers refuse: an allocation they did not make (test_helper_unsupported). */
const HELPER_MADE_ONLY = [...TEST_MODE_ONLY, 'test_helper_unsupported'] as const;

export const testHelperRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before body validation, so a live token hears "no such route" whatever it sends.
  app.addHook('preValidation', async (request) => requireTestMode(request));


  app.post(
    '/test_helpers/allocations',
    {
      config: { scope: 'allocations:read', errors: [...TEST_MODE_ONLY, 'resource_missing'] },
      schema: {
        operationId: 'testHelperCreateAllocation',
        summary: 'Create a pledged test allocation on a test planting (allocation.created)',
        tags,
        querystring: NoQuery,
        body: CreateTestAllocationBody,
        response: { 200: Type.Ref(AllocationSchema) },
      },
    },
    async (request) => createTestAllocation(request.ctx, request.body),
  );

  const move = (path: string, summary: string, operationId: string, action: typeof plantTestAllocation) =>
    app.post(
      `/test_helpers/allocations/:id/${path}`,
      {
        config: { scope: 'allocations:read', resource: 'allocation', errors: [...HELPER_MADE_ONLY, 'allocation_unexpected_state'] },
        schema: { operationId, summary, tags, params: AllocationParams, querystring: NoQuery, response: { 200: Type.Ref(AllocationSchema) } },
      },
      async (request) => action(request.ctx, request.params.id),
    );
  move('plant', 'Complete the test planting so the allocation is planted (allocation.planted)', 'testHelperPlantAllocation', plantTestAllocation);
  move('monitor', 'Record a measurement so the allocation is monitored (allocation.monitored, planting.updated)', 'testHelperMonitorAllocation', monitorTestAllocation);

  app.post(
    '/test_helpers/allocations/:id/change_trees',
    {
      config: { scope: 'allocations:read', resource: 'allocation', errors: [...HELPER_MADE_ONLY, 'refund_exceeds_unassigned_trees'] },
      schema: {
        operationId: 'testHelperChangeAllocationTrees',
        summary: "Change the allocation's number of trees, as a refund would (allocation.updated)",
        tags,
        params: AllocationParams,
        querystring: NoQuery,
        body: ChangeTestAllocationTreesBody,
        response: { 200: Type.Ref(AllocationSchema) },
      },
    },
    async (request) => changeTestAllocationTrees(request.ctx, request.params.id, request.body.trees),
  );

  app.post(
    '/test_helpers/projects/:id/verifications',
    {
      config: { scope: 'projects:read', resource: 'project', errors: TEST_MODE_ONLY },
      schema: {
        operationId: 'testHelperPublishVerification',
        summary: 'Publish a test verification statement for a project (verification.published)',
        tags,
        params: ProjectParams,
        querystring: NoQuery,
        response: { 200: Type.Ref(ProjectSchema) },
      },
    },
    async (request) => publishTestVerification(request.ctx, request.params.id),
  );

  app.post(
    '/test_helpers/gift_codes/:id/claim',
    {
      config: { scope: 'gift-codes:write', resource: 'gift_code', errors: [...TEST_MODE_ONLY, 'gift_code_not_open'] },
      schema: {
        operationId: 'testHelperClaimGiftCode',
        summary: 'Claim a test gift code as a person on the claim page would (recipient.created, recipient.claimed, certificate.created)',
        description: 'Two claims of one code at once behave as on the page: one wins, the other gets 409 gift_code_not_open. Never sends email.',
        tags,
        params: GiftCodeParams,
        querystring: NoQuery,
        body: ClaimGiftCodeBody,
        response: { 200: Type.Ref(GiftCodeSchema) },
      },
    },
    async (request) => claimGiftCodeForTest(request.ctx, request.params.id, request.body),
  );
};
