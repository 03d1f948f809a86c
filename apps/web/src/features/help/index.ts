export { HelpPage } from './help-page';
export { LegalAcceptanceGate } from './legal-acceptance-gate';
