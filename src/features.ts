import { accountsFeature } from './modules/accounts/index.ts';
import { allocationsFeature } from './modules/allocations/index.ts';
import { certificatesFeature } from './modules/certificates/index.ts';
import { companyFeature } from './modules/company/index.ts';
import { exportsFeature } from './modules/exports/index.ts';
import { giftCodesFeature } from './modules/gift-codes/index.ts';
import { impactFeature } from './modules/impact/index.ts';
import { meFeature } from './modules/me/index.ts';
import { partnersFeature } from './modules/partners/index.ts';
import { photosFeature } from './modules/photos/index.ts';
import { plantingsFeature } from './modules/plantings/index.ts';
import { projectsFeature } from './modules/projects/index.ts';
import { proofFeature } from './modules/proof/index.ts';
import { recipientsFeature } from './modules/recipients/index.ts';
import { testHelpersFeature } from './modules/test-helpers/index.ts';
import { tokensFeature } from './modules/tokens/index.ts';
import { endpointDisabled, endpointFailing, webhooksFeature } from './modules/webhooks/index.ts';
import { installEventRenderers } from './platform/events/renderers.ts';
import type { Feature } from './platform/feature.ts';
import { PLATFORM_HOUSEKEEPING } from './platform/jobs/housekeeping.ts';
import { jobCatalog } from './platform/jobs/job.ts';
import type { DeliveryServices } from './platform/webhooks/deliveries.ts';

/**
 * The one list of Canopy's features, in the order the OpenAPI document lists their API and
 * the dashboard's menu their pages.
 * app.ts mounts their API and pages, main.ts hands their jobs to the worker, and
 * installFeatures their event renderers to the unit of work. Nothing is found by
 * scanning folders: a new feature is one line here.
 */
export const FEATURES: readonly Feature[] = [
  meFeature, companyFeature, allocationsFeature, plantingsFeature, partnersFeature, projectsFeature, proofFeature, impactFeature,
  recipientsFeature, giftCodesFeature, certificatesFeature, exportsFeature, photosFeature, tokensFeature, webhooksFeature, testHelpersFeature, accountsFeature,
];

/** Every job kind a worker runs, the platform's and the features', and those it keeps scheduled. */
export const JOBS = jobCatalog(
  [...PLATFORM_HOUSEKEEPING, ...FEATURES.flatMap((feature) => feature.jobs ?? [])],
  [...PLATFORM_HOUSEKEEPING, ...FEATURES.flatMap((feature) => feature.housekeeping ?? [])],
);

/** What the webhook delivery worker calls on the features. */
export const DELIVERY_HOOKS: Pick<DeliveryServices, 'whenEndpointDisabled' | 'whenEndpointFailing'> = {
  whenEndpointDisabled: endpointDisabled, whenEndpointFailing: endpointFailing,
};

/**
 * Hands the features' event renderers to the unit of work (platform/events/renderers.ts).
 * Every entry point calls it before its first write: startCanopy, buildApp, the CLI.
 */
export function installFeatures(): void {
  installEventRenderers(FEATURES.flatMap((feature) => feature.events ?? []));
}
