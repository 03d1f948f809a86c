export { CmsPage } from './cms-page';
export { ContentEditorPage } from './content-editor-page';
