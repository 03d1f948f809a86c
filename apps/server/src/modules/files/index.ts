export {
  checkImage,
  checkPdf,
  checkDocument,
  DOCUMENT_ACCEPT_MESSAGE,
  storeFile,
  replaceFile,
  getFile,
  deleteFile,
  IMAGE_MAX_BYTES,
  IMAGE_ACCEPT_MESSAGE,
  PDF_MAX_BYTES,
  PDF_ACCEPT_MESSAGE,
} from './service';
