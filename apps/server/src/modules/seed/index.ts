export { seed, seedDemo, DEMO_USERS } from './service';
