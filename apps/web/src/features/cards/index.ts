export { PreStockPage } from './pre-stock-page';
export { CardholdersPage } from './cardholders-page';
export { CardsPage, BusinessCardsTab } from './cards-page';
export { CardDetailPage } from './card-detail-page';
export { FundingPage } from './funding-page';
export { StaffDisputesPage, BusinessDisputesPage } from './disputes-page';
