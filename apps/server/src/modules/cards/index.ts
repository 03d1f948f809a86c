// Cards and cardholders: stock, matching, activation, card money, controls and the card-network sandbox.
export { cardRoutes } from './routes';
export { cardholderRoutes } from './holder-routes';
export { cardholderEmailExists } from './cardholders';
export { stockSummary, runBatchChunk, BATCH_JOB } from './stock';
export { countsByStatus } from './cards';
export { sandboxProcessor, CARD_LIMIT_TYPE, type CardProcessor, type PurchaseRequest } from './network';
export { cardKeys } from './secret';
export { cardsByIdentifiers, type CardRow } from './common';
