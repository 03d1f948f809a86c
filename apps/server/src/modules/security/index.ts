export { issueCode, consumeCode, codeWasIssued, maskEmail, maskPhone, CODE_TTL_SECONDS, CODE_TRIES } from './service';
export { securityRoutes } from './routes';
