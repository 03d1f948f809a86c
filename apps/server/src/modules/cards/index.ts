// Cards and cardholders: stock, matching, activation, card money, controls and the card-network sandbox.
import type { FastifyInstance } from 'fastify';
import { cardholderRoutes } from './holder-routes';
import { cardRoutes } from './routes';
import { revealViewRoutes } from './reveal-view';
import { disputeRoutes } from './dispute-routes';
import { businessAuthRoutes } from './business-auth';
import { assertOwnCardholder as ownCardholder, followOrder } from './speiout';
import { assertOwnCardholder } from '../pricing';
import { speiOutOutcome } from '../spei';
export { cardholderEmailExists } from './cardholders';
export { stockSummary, runBatchChunk, BATCH_JOB } from './stock';
export { countsByStatus } from './cards';
export { sandboxProcessor, CARD_LIMIT_TYPE, type AuthorizeOptions, type CardProcessor, type PurchaseRequest } from './network';
export { askBusiness } from './business-auth';
export { cardKeys } from './secret';
export { cardsByIdentifiers, type CardRow } from './common';
export { cardReportBatches, cardReportCounts, type CardReportRow } from './report-rows';

export async function register(app: FastifyInstance): Promise<void> {
  // Pricing asks whether a cardholder is the business's; SPEI tells how a card's SPEI out ended.
  assertOwnCardholder.provide(ownCardholder);
  speiOutOutcome.listen(followOrder);
  await app.register(cardRoutes);
  await app.register(cardholderRoutes);
  await app.register(revealViewRoutes);
  await app.register(disputeRoutes);
  await app.register(businessAuthRoutes);
}
