export { lookupPostalCode, resolveAddress, seedPostalCodes, type ResolvedAddress } from './service';
export { postalCodeRoutes } from './routes';
