export { PostalCodesPage } from './postal-codes-page';
