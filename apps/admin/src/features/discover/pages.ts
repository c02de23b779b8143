// The Discover pages and the dialogs routed over the gallery, loaded together as one chunk.
export { DescribeDialog } from './describe-dialog';
export { DiscoverPage } from './discover-page';
export { DuplicateDialog } from './duplicate-dialog';
