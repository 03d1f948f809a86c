export { issueCode, consumeCode, maskEmail, maskPhone, CODE_TTL_SECONDS, CODE_TRIES } from './service';
export { securityRoutes } from './routes';
