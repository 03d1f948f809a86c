export { BeneficiariesPanel } from './beneficiaries-panel';
