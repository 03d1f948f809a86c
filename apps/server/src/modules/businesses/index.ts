import type { FastifyInstance } from 'fastify';
import { profileRules } from '../session';
import { moralProfileRule } from './my-business';
import { businessRoutes } from './routes';
import { businessRecordRoutes } from './records-routes';

export {
  assertBusinessActive,
  businessForActor,
  businessIdForActor,
  businessByClient,
  businessByClientRead,
  operatingBusiness,
  liveBusiness,
  findBusinessByAccountNumber,
  isProviderAccount,
  seedBusiness,
  businessName,
  PROVIDER_CLABE,
  businessClabesSince,
  type BusinessRow,
  type IssuedClabe,
} from './service';
export { listBusinessUsers, getBusinessUser, getBusinessUserByEmail, createBusinessUser, updateBusinessUser, businessUserActions } from './users';
export { businessBatches } from './report-rows';

export async function register(app: FastifyInstance): Promise<void> {
  profileRules.listen(moralProfileRule);
  await app.register(businessRoutes);
  await app.register(businessRecordRoutes);
}
