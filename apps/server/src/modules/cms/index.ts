export { cmsRoutes } from './routes';
export { seedContentTypes, seedCmsDemo } from './seed';
