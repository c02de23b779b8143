// The networks pages and the dialogs routed over the list, loaded together as one chunk.
export { CombineDialog } from './combine-dialog';
export { ExportDialog } from './export-dialog';
export { ManageDialog } from './manage-dialog';
export { NetworksPage } from './networks-page';
export { PublishDialog } from './publish-dialog';
export { SharingDialog } from './sharing-dialog';
export { DeleteDialog, DeleteSelectedDialog, DuplicateDialog } from './simple-dialogs';
export { UploadNetworkDialog } from './upload-network-dialog';
