// Notices to people: other modules call notify() (or notifyClient / notifyStaff) inside the transaction of the event.
export { notify, notifyClient, notifyStaff, onBusinessEvents, type BusinessEvent, type Notice } from './service';
export { notificationRoutes } from './routes';
