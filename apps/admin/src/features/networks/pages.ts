// The networks pages and the dialogs routed over the list, loaded together as one chunk.
export { CombineDialog } from './combine-dialog';
export { ManageDialog } from './manage-dialog';
export { NetworksPage } from './networks-page';
export { PublishDialog } from './publish-dialog';
export { SharingDialog } from './sharing-dialog';
export { DeleteDialog, DeleteSelectedDialog, DuplicateDialog, ExportDialog } from './simple-dialogs';
export { UploadNetworkDialog } from './upload-network-dialog';
