export { listStaff, getStaff, getStaffByEmail, createStaff, updateStaff, staffActions, setStaffPhoto, staffPhoto, seedDepartments } from './service';
export { staffRoutes } from './routes';
