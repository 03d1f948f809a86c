export { checkImage, storeFile, getFile, deleteFile, IMAGE_MAX_BYTES, IMAGE_ACCEPT_MESSAGE } from './service';
