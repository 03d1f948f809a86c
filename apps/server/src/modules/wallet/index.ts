// The wallet as an e-money account (issue 11): routes only; other modules reach wallets through the SPEI module's holder directory.
export { walletMoneyRoutes } from './routes';
